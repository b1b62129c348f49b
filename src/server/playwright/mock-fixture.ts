import { expect as baseExpect, test as baseTest } from '@playwright/test';
import { startMockServer, type MockServer, type MockServerOptions } from './mock-server.js';
import { receivedMatchers } from './received-matchers.js';

/** The fixtures {@link test} adds. */
export interface MockTestFixtures {
  /** This worker's reference server, reset to its start records before each test. */
  mock: MockServer;
}

/** The worker-scoped fixtures and options {@link test} adds. */
export interface MockWorkerFixtures {
  /** Options of each worker's server (`test.use({ mockOptions: { seed } })` in a file, or `use` in the config). */
  mockOptions: MockServerOptions;
  /** The server itself, one per worker: started on the worker's first use, closed when it ends. */
  mockServer: MockServer;
}

/**
 * Playwright's `test` with a `mock` fixture: every worker gets its own reference server on a
 * free port (its own records, journal and fault rules), so parallel workers never see each
 * other's state; before each test it is reset (preload and seed back, rules and journal empty).
 */
export const test = baseTest.extend<MockTestFixtures, MockWorkerFixtures>({
  mockOptions: [{}, { scope: 'worker', option: true }],
  mockServer: [
    async ({ mockOptions }, use) => {
      const server = await startMockServer(mockOptions);
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
  mock: async ({ mockServer }, use) => {
    mockServer.reset();
    await use(mockServer);
  },
});

/** Playwright's `expect` with the journal assertions `toHaveReceived` and `toHaveReceivedTimes`. */
export const expect = baseExpect.extend(receivedMatchers);
