import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, sendRaw, type TestServer } from './test-server.js';
import { startDelayingProxy, type DelayingProxy } from './delaying-proxy.js';

let server: TestServer;
let proxy: DelayingProxy;
const waited: number[] = [];
before(async () => {
  server = await startTestServer();
  proxy = await startDelayingProxy({ upstream: server.url, delayMs: 25, wait: async (ms) => void waited.push(ms) });
});
after(async () => {
  await proxy.close();
  await server.close();
});

const headers = () => ({ authorization: `Bearer ${server.token}`, 'content-type': 'application/json' });

test('the proxy answers what the upstream answered: GET with a body, 201, 205 with its envelope, 304 without body', async () => {
  const created = await sendRaw(proxy.url, 'POST', '/event', JSON.stringify({ id: 'p1', kind: 'k' }), headers());
  assert.equal(created.status, 201);
  const read = await sendRaw(proxy.url, 'GET', '/event', JSON.stringify({ where: { equals: { target: 'kind', expr: 'k' } } }), headers());
  assert.deepEqual([read.status, read.body], [200, [{ id: 'p1', kind: 'k' }]]);
  const same = await sendRaw(proxy.url, 'PUT', '/event/p1', JSON.stringify({ kind: 'k' }), headers());
  assert.deepEqual([same.status, same.text], [304, '']);
  const deleted = await sendRaw(proxy.url, 'DELETE', '/event/p1', undefined, headers());
  assert.equal(deleted.status, 205);
  assert.deepEqual(deleted.body, [{ status: 'Reset Content', code: 200, error: false, message: 'Record with id=p1 deleted' }]);
  assert.equal(deleted.headers['content-type'], 'application/json');
});

test('every answer waits for the delay once', async () => {
  const before = waited.length;
  await sendRaw(proxy.url, 'GET', '/type/network-link', undefined, headers());
  await sendRaw(proxy.url, 'GET', '/nowhere', undefined, headers());
  assert.deepEqual(waited.slice(before), [25, 25]);
});

test('an unreachable upstream is a 502 from the proxy, not a hang', async () => {
  const dead = await startDelayingProxy({ upstream: 'http://127.0.0.1:9', delayMs: 0 });
  try {
    assert.equal((await sendRaw(dead.url, 'GET', '/event', undefined, {})).status, 502);
  } finally {
    await dead.close();
  }
});

test('answerAtMost: the requests after it are held open, never answered', async () => {
  const hanging = await startDelayingProxy({ upstream: server.url, delayMs: 0, answerAtMost: 1 });
  try {
    assert.equal((await sendRaw(hanging.url, 'GET', '/type/network-link', undefined, headers())).status, 200);
    const held = sendRaw(hanging.url, 'GET', '/type/network-link', undefined, headers()).then(
      () => 'answered',
      () => 'connection closed',
    );
    const outcome = await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 300, 'still waiting'))]);
    assert.equal(outcome, 'still waiting');
    assert.equal(hanging.answered, 1);
  } finally {
    await hanging.close();
  }
});
