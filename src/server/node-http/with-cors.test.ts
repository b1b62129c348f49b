// CORS through node:http: preflights without a token, Allow-Origin on every answer —
// the core's errors, the listener's own 413 and 500, the docs — and nothing when CORS is off.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createReferenceCore } from '../core/reference-core.js';
import { createRequestListener, type RequestLogEntry } from './create-request-listener.js';
import { sendRaw, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { withCors } from './with-cors.js';

const VITE = 'http://localhost:5173';
const PREFLIGHT = { origin: VITE, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' };
const logged: RequestLogEntry[] = [];
let any: TestServer;
let listed: TestServer;
let off: TestServer;
before(async () => {
  any = await startTestServer({ bodyLimit: 64, onRequest: (entry) => logged.push(entry) });
  listed = await startTestServer({ cors: { origins: [VITE] } });
  off = await startTestServer({ cors: false });
});
after(async () => {
  await Promise.all([any.close(), listed.close(), off.close()]);
});

test('a preflight is 204 without a token, before routing and authentication', async () => {
  for (const path of ['/event', '/type/network-link/p2p', '/nowhere']) {
    const res = await any.send('OPTIONS', path, { token: null, headers: PREFLIGHT });
    assert.equal(res.status, 204, path);
    assert.equal(res.text, '');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['access-control-allow-methods'], 'GET, POST, PUT, DELETE');
    assert.equal(res.headers['access-control-allow-headers'], 'authorization, content-type');
  }
  assert.ok(
    logged.some((e) => e.method === 'OPTIONS' && e.path === '/event' && e.status === 204),
    'the preflight has a log line',
  );
});

test('Allow-Origin and Expose-Headers on every answer: success, 401, 404, 405, 413, docs and spec', async () => {
  const answers = [
    await any.send('GET', '/type/network-link', { headers: { origin: VITE } }),
    await any.send('GET', '/event', { token: null, headers: { origin: VITE } }),
    await any.send('GET', '/nowhere', { headers: { origin: VITE } }),
    await any.send('PATCH', '/event', { headers: { origin: VITE } }),
    await any.send('POST', '/event', { json: { id: 'x'.repeat(100) }, headers: { origin: VITE } }),
    await sendRaw(any.url, 'GET', '/docs', undefined, { origin: VITE }),
    await sendRaw(any.url, 'GET', '/openapi.json', undefined, { origin: VITE }),
  ];
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 401, 404, 405, 413, 200, 200],
  );
  for (const answer of answers) {
    assert.equal(answer.headers['access-control-allow-origin'], '*', String(answer.status));
    assert.equal(answer.headers['access-control-expose-headers'], 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected');
  }
  assert.equal(answers[3]!.headers['allow'], 'GET, POST, PUT, DELETE', 'the 405 keeps its Allow, which the page may read');
});

test('an unexpected throw (500) carries Allow-Origin too', async () => {
  const core = createReferenceCore();
  const failing = { ...core, handle: () => Promise.reject(new Error('bug')) };
  const server = createServer(withCors(createRequestListener(failing, { bodyLimit: 1024 }), { origins: '*' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await sendRaw(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'GET', '/event', undefined, { origin: VITE });
    assert.equal(res.status, 500);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('--cors-origin: a listed origin is echoed with Vary; another gets no Allow-Origin', async () => {
  const ok = await listed.send('GET', '/type/network-link', { headers: { origin: VITE } });
  assert.equal(ok.headers['access-control-allow-origin'], VITE);
  assert.equal(ok.headers['vary'], 'Origin');
  const other = await listed.send('GET', '/type/network-link', { headers: { origin: 'http://localhost:3000' } });
  assert.equal(other.status, 200, 'the server still answers; the browser is the one that blocks');
  assert.equal(other.headers['access-control-allow-origin'], undefined);
  const preflight = await listed.send('OPTIONS', '/event', { token: null, headers: { ...PREFLIGHT, origin: 'http://localhost:3000' } });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], undefined);
  assert.equal(preflight.headers['access-control-allow-methods'], undefined);
});

test("cors: false — no CORS header anywhere, and a preflight is the core's 405", async () => {
  const preflight = await off.send('OPTIONS', '/event', { token: null, headers: PREFLIGHT });
  assert.equal(preflight.status, 405);
  assert.equal(preflight.headers['access-control-allow-origin'], undefined);
  const read = await off.send('GET', '/type/network-link', { headers: { origin: VITE } });
  assert.equal(read.status, 200);
  assert.equal(read.headers['access-control-allow-origin'], undefined);
  assert.equal(read.headers['access-control-expose-headers'], undefined);
});
