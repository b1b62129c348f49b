// Malformed bodies (x-decisions malformed-json) through node:http: text that is not JSON, bytes
// that are not UTF-8 and numbers JSON cannot carry back answer 400 and change nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUTHENTICATION_FAILED } from '../core/messages.js';
import { firstMessageOf, useTestServer } from '../../../test/support/test-server.js';

const server = useTestServer();

const messageOf = firstMessageOf;

test('malformed JSON → 400 "Request not valid: …"', async () => {
  for (const raw of ['{', '{"id": "x",}', "{'id': 'x'}", 'undefined', '{"a":1}{"b":2}']) {
    const res = await server.send('POST', '/event', { raw });
    assert.equal(res.status, 400, raw);
    assert.match(String(messageOf(res.body)), /^Request not valid: /);
  }
});

const notUtf8 = Buffer.concat([Buffer.from('{"id":"u","name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);

test('bytes that are not UTF-8 → 400 "Request not valid: …", nothing stored (x-decisions malformed-json)', async () => {
  for (const path of ['/event', '/type/network-link']) {
    const res = await server.send('POST', path, { raw: notUtf8 });
    assert.equal(res.status, 400, path);
    assert.equal(messageOf(res.body), 'Request not valid: the body is not valid UTF-8');
  }
  assert.equal((await server.send('GET', '/event', { raw: Buffer.from([0x7b, 0xff, 0x7d]) })).status, 400, 'a query too');
  assert.equal(server.core.store.event.has('u'), false);
  assert.equal(server.core.store['network-link-type'].has('u'), false);
});

test('valid UTF-8 beyond ASCII is accepted as sent', async () => {
  const name = 'Zürich – 東京 – 🚀';
  assert.equal((await server.send('POST', '/type/network-link/z', { raw: Buffer.from(JSON.stringify({ name })) })).status, 201);
  assert.equal(server.core.store['network-link-type'].get('z')?.['name'], name);
});

test("the UTF-8 check keeps the core's order: 401 without a token, 415 for another media type", async () => {
  const unauthenticated = await server.send('POST', '/event', { raw: notUtf8, token: null });
  assert.equal(unauthenticated.status, 401);
  assert.equal(messageOf(unauthenticated.body), AUTHENTICATION_FAILED);
  assert.equal((await server.send('POST', '/event', { raw: notUtf8, headers: { 'content-type': 'text/plain' } })).status, 415);
});

const unrepresentable: Array<[string, string, string]> = [
  ['create', 'POST', '{"id":"n","big":1e400}'],
  ['create, negative and nested', 'POST', '{"id":"n","list":[{"v":-1e400}]}'],
  ['update', 'PUT', '{"id":"n0","big":1e400}'],
  ['read query', 'GET', '{"where":{"equals":{"target":"id","expr":"n0"}},"x":1e400}'],
  ['delete query', 'DELETE', '{"where":{"equals":{"target":"id","expr":"n0"}},"x":1e400}'],
];

for (const [name, method, raw] of unrepresentable) {
  test(`a number JSON cannot carry back (1e400) → 400, nothing changed: ${name}`, async () => {
    server.core.store.event.put({ id: 'n0', big: 1 });
    const res = await server.send(method, '/event', { raw });
    assert.equal(res.status, 400);
    assert.match(String(messageOf(res.body)), /^Request not valid: .*number JSON cannot carry/);
    assert.deepEqual(server.core.store.event.list(), [{ id: 'n0', big: 1 }]);
  });
}
