/**
 * @module mgmt-kit/playwright
 * A Playwright fixture: each worker gets its own reference server (free port, its own records,
 * journal and fault rules), reset before each test, and `expect` gains journal assertions.
 * Needs `@playwright/test` (an optional peer dependency of mgmt-kit).
 *
 * @example
 * import { test, expect } from 'mgmt-kit/playwright';
 * test('creates an event', async ({ page, mock }) => {
 *   await page.goto(`${appUrl}?api=${mock.url}`);
 *   await page.click('text=Create');
 *   await expect(mock).toHaveReceived({ method: 'POST', path: '/event' });
 * });
 */
export { test, expect } from './mock-fixture.js';
export { startMockServer } from './mock-server.js';
export { receivedMatchers, partiallyEquals } from './received-matchers.js';

export type { MockTestFixtures, MockWorkerFixtures } from './mock-fixture.js';
export type { MockServer, MockServerOptions } from './mock-server.js';
export type { ReceivedFilter, ReceivedOptions } from './received-matchers.js';
export type { FaultRuleInput, FaultRuleView, JournalEntry, JournalFilter } from '../controls/index.js';
export type { SeedData } from '../core/index.js';
