import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { SERVER_ERROR } from '../core/messages.js';
import { createReferenceCore, type ReferenceCore } from '../core/reference-core.js';
import { createRequestListener, type RequestLogEntry } from './create-request-listener.js';
import { sendRaw } from '../../../test/support/test-server.js';

async function serve(core: ReferenceCore, options: Parameters<typeof createRequestListener>[1]) {
  const listener = createRequestListener(core, options);
  const server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('an unexpected throw becomes one 500 envelope (the single error edge), and the server keeps serving', async () => {
  const real = createReferenceCore();
  let fail = true;
  const errors: unknown[] = [];
  const flaky: ReferenceCore = { ...real, handle: (request) => (fail ? Promise.reject(new Error('boom')) : real.handle(request)) };
  const server = await serve(flaky, { bodyLimit: 1024, onError: (e) => errors.push(e) });
  const res = await sendRaw(server.url, 'GET', '/event', undefined, {});
  assert.equal(res.status, 500);
  assert.equal(res.headers['content-type'], 'application/json');
  assert.deepEqual(res.body, [{ status: 'Internal Server Error', code: 500, error: true, message: SERVER_ERROR }]);
  assert.deepEqual(createSpecValidator().checkResponse('readEvents', 500, res.body), { ok: true });
  assert.equal((errors[0] as Error).message, 'boom');
  fail = false;
  assert.equal((await sendRaw(server.url, 'GET', '/event', undefined, {})).status, 200);
  await server.close();
});

test('one log entry per request: method, path without query, status, duration', async () => {
  const entries: RequestLogEntry[] = [];
  const server = await serve(createReferenceCore(), { bodyLimit: 1024, onRequest: (e) => entries.push(e) });
  await sendRaw(server.url, 'GET', '/type/network-link?x=1', undefined, {});
  await sendRaw(server.url, 'DELETE', '/event/none', undefined, {});
  assert.deepEqual(
    entries.map(({ method, path, status }) => ({ method, path, status })),
    [
      { method: 'GET', path: '/type/network-link', status: 200 },
      { method: 'DELETE', path: '/event/none', status: 404 },
    ],
  );
  assert.ok(entries.every((e) => typeof e.durationMs === 'number' && e.durationMs >= 0));
  await server.close();
});
