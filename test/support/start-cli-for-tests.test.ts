// The test helper's readiness must be identity-checked: a port taken by another server between
// findFreePort and Prism's bind must lead to a retry, never to "ready" on someone else's server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '../../src/client/index.js';
import { findFreePort, startCliForTests } from './start-cli-for-tests.js';

let foreign: Server;
let takenPort = 0;

before(async () => {
  // Answers every request, as the server that stole the port would: a bare probe accepts it.
  foreign = createServer((_request, response) => response.writeHead(200).end('[]'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  takenPort = (foreign.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => foreign.close(() => resolve())));

/** Returns the given ports in turn, then free ones, and counts the calls. */
function portsInTurn(...ports: number[]): { pickPort: () => Promise<number>; calls: () => number } {
  let calls = 0;
  return {
    pickPort: () => Promise.resolve(ports[calls++] ?? findFreePort()),
    calls: () => calls,
  };
}

describe('startCliForTests', () => {
  it('a port taken by an answering server: the child dies of EADDRINUSE and a new port is tried', async () => {
    const ports = portsInTurn(takenPort);
    const running = await startCliForTests(['mock'], { pickPort: ports.pickPort });
    try {
      assert.equal(ports.calls(), 2);
      assert.notEqual(running.baseURL, `http://127.0.0.1:${takenPort}`, 'never ready on the foreign server');
      assert.match(running.output(), new RegExp(`mgmt-kit mock: ready on ${running.baseURL}\n`));
      const result = await createClient({ baseURL: running.baseURL, token: 'any' }).networkLinkTypes.read();
      assert.equal(result.status, 200, 'Prism answers on the port it reported');
    } finally {
      await running.stop();
    }
  });
  it('gives up after 3 attempts whose ports are all taken, with each output in the error', async () => {
    const ports = portsInTurn(takenPort, takenPort, takenPort, takenPort);
    await assert.rejects(startCliForTests(['mock'], { pickPort: ports.pickPort }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /attempt 3 on \S+: port-taken/);
      assert.match(error.message, /EADDRINUSE/);
      return true;
    });
    assert.equal(ports.calls(), 3);
  });
  it('a child that exits for another reason is not retried', async () => {
    const ports = portsInTurn();
    await assert.rejects(startCliForTests(['mock', 'stray-argument'], { pickPort: ports.pickPort }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, /attempt 1 on \S+: exited/);
      assert.match(error.message, /too many arguments for 'mock'/);
      return true;
    });
    assert.equal(ports.calls(), 1);
  });
  it('the overall limit applies: no ready line in time → the child is stopped and the call rejects', async () => {
    const started = Date.now();
    await assert.rejects(startCliForTests(['mock'], { waitMs: 300 }), /attempt 1 on \S+: timed-out/);
    assert.ok(Date.now() - started < 10_000, 'it does not wait for Prism beyond the limit (plus the stop)');
  });
});
