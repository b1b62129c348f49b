// The mock controls through node:http: admin routes, injected statuses (with the
// null-body handling of 204/205/304 on the wire), delays — and all of it ignored without --admin.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { injectedMessage } from '../controls/fault.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let admin: TestServer;
let plain: TestServer;
let slow: TestServer;
before(async () => {
  admin = await startTestServer({ admin: true, seed: { event: [{ id: 'e1', kind: 'link-down' }] } });
  plain = await startTestServer({});
  slow = await startTestServer({ delay: '200ms', admin: true });
});
after(async () => {
  await Promise.all([admin.close(), plain.close(), slow.close()]);
});

const fault = (status: string) => ({ headers: { 'x-mgmt-kit-status': status } });

test('admin: reset, state, put — without a token', async () => {
  await admin.send('DELETE', '/event');
  assert.deepEqual((await admin.send('GET', '/event')).body, []);
  assert.equal((await admin.send('POST', '/__admin/reset', { token: null })).status, 200);
  const state = await admin.send('GET', '/__admin/state', { token: null });
  assert.deepEqual((state.body as Record<string, unknown>)['event'], [{ id: 'e1', kind: 'link-down' }]);
  const put = await admin.send('PUT', '/__admin/state', { token: null, json: { event: [{ id: 'e2', kind: 'x' }] } });
  assert.equal(put.status, 200);
  assert.deepEqual((await admin.send('GET', '/event')).body, [{ id: 'e2', kind: 'x' }]);
  await admin.send('POST', '/__admin/reset', { token: null });
});

test('admin PUT /__admin/state: a bad record is a 400 naming it, nothing changed; a huge body is 413', async () => {
  const before = (await admin.send('GET', '/__admin/state')).body;
  const bad = await admin.send('PUT', '/__admin/state', { json: { event: [{ id: 'ok', kind: 'k' }, { id: 7 }] } });
  assert.equal(bad.status, 400);
  assert.match(String((bad.body as Array<{ message: string }>)[0]?.message), /event\[1\]: /);
  assert.deepEqual((await admin.send('GET', '/__admin/state')).body, before);
  const huge = await admin.send('PUT', '/__admin/state', { raw: `{"event":[${'{"id":"x"},'.repeat(120_000)}{"id":"y"}]}` });
  assert.equal(huge.status, 413);
});

test('without --admin: /__admin is a 404 and the fault headers are ignored', async () => {
  assert.equal((await plain.send('POST', '/__admin/reset')).status, 404);
  assert.equal((await plain.send('GET', '/__admin/state')).status, 404);
  const created = await plain.send('POST', '/event', { json: { id: 'f1', kind: 'k' }, ...fault('500') });
  assert.equal(created.status, 201);
  assert.equal((await plain.send('GET', '/event', fault('418'))).status, 200);
});

test('x-mgmt-kit-status: 500 answers the envelope and does not act', async () => {
  const res = await admin.send('POST', '/event', { json: { id: 'never', kind: 'k' }, ...fault('500') });
  assert.equal(res.status, 500);
  assert.deepEqual(res.body, [{ status: 'Internal Server Error', code: 500, error: true, message: injectedMessage(500) }]);
  assert.equal((await admin.send('GET', '/event/never')).status, 404);
});

test('an injected 401 needs no token; an undocumented status is a 400 explaining it', async () => {
  assert.equal((await admin.send('GET', '/event', { token: null, ...fault('401') })).status, 401);
  const bad = await admin.send('GET', '/event', fault('201'));
  assert.equal(bad.status, 400);
  assert.match(String((bad.body as Array<{ message: string }>)[0]?.message), /201 is not a status the spec documents for readEvents/);
});

test('injected 204 / 304 go out without a body, 205 with its envelope, as real answers do on node:http', async () => {
  const noContent = await admin.send('GET', '/event', fault('204'));
  assert.deepEqual([noContent.status, noContent.text, noContent.headers['content-length']], [204, '', undefined]);
  const notModified = await admin.send('PUT', '/event/e1', { json: { kind: 'link-up' }, ...fault('304') });
  assert.deepEqual([notModified.status, notModified.text], [304, '']);
  assert.deepEqual((await admin.send('GET', '/event/e1')).body, [{ id: 'e1', kind: 'link-down' }], 'the update did not happen');
  const deleted = await admin.send('DELETE', '/event/e1', fault('205'));
  assert.equal(deleted.status, 205);
  assert.deepEqual(deleted.body, [{ status: 'Reset Content', code: 200, error: false, message: injectedMessage(205) }]);
  assert.equal((await admin.send('GET', '/event/e1')).status, 200, 'the delete did not happen');
});

test('--delay 200ms delays every answer; x-mgmt-kit-delay replaces it for one', async () => {
  let started = performance.now();
  assert.equal((await slow.send('GET', '/type/network-link')).status, 200);
  const plainMs = performance.now() - started;
  assert.ok(plainMs >= 195, `${plainMs} ms`);
  started = performance.now();
  await slow.send('GET', '/type/network-link', { headers: { 'x-mgmt-kit-delay': '600ms' } });
  const headerMs = performance.now() - started;
  assert.ok(headerMs >= 595, `${headerMs} ms`);
  started = performance.now();
  await slow.send('GET', '/type/network-link', { headers: { 'x-mgmt-kit-delay': '0ms' } });
  assert.ok(performance.now() - started < 180, 'a 0 ms header delay replaces the 200 ms default');
});
