// Bad input (x-decisions media-type, body-limit, unknown-path; malformed-json in create-request-listener.malformed-json.test.ts): a clear envelope,
// nothing changed, never a 500, and the server keeps serving.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexName } from '../core/index-definitions.js';
import type { StoredRecord } from '../core/json-record.js';
import { bodyTooLarge, MEDIA_TYPE_NOT_SUPPORTED } from '../core/messages.js';
import { DEFAULT_BODY_LIMIT } from './read-request-body.js';
import { firstMessageOf, sendRaw, useTestServer } from '../../../test/support/test-server.js';

const server = useTestServer();
const small = useTestServer({ bodyLimit: 1024 });
const messageOf = firstMessageOf;

test('a body not sent as JSON → 415 (missing, text/plain, form)', async () => {
  for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': '' }]) {
    const res = await server.send('POST', '/event', { raw: '{"id":"x"}', headers });
    assert.equal(res.status, 415, JSON.stringify(headers));
    assert.equal(messageOf(res.body), MEDIA_TYPE_NOT_SUPPORTED);
  }
  const noType = await sendRaw(server.url, 'POST', '/event', '{"id":"x"}', { authorization: `Bearer ${server.token}`, 'content-length': '10' });
  assert.equal(noType.status, 415);
  assert.equal(server.core.store.event.size, 0);
});

test('JSON with parameters or a +json suffix is accepted; a GET without body needs no Content-Type', async () => {
  for (const [id, type] of [
    ['c1', 'application/json; charset=utf-8'],
    ['c2', 'application/merge-patch+json'],
  ] as const) {
    assert.equal((await server.send('POST', '/event', { raw: JSON.stringify({ id }), headers: { 'content-type': type } })).status, 201);
  }
  assert.equal((await server.send('GET', '/event', { headers: {} })).status, 200);
  await server.send('DELETE', '/event');
});

test('a body over the limit → 413 (declared length, and chunked), then the next request is served', async () => {
  const big = Buffer.alloc(64 * 1024, 'a');
  const declared = await small.send('POST', '/event', { raw: big });
  assert.equal(declared.status, 413);
  assert.deepEqual(declared.body, [{ status: 'Payload Too Large', code: 413, error: true, message: bodyTooLarge(1024) }]);
  const streamed = await sendChunked(small.url, small.token, big);
  assert.equal(streamed, 413);
  assert.equal((await small.send('GET', '/type/network-link')).status, 200);
  assert.equal(small.core.store.event.size, 0);
});

test('the default limit is 1 MiB', async () => {
  const res = await server.send('POST', '/event', { raw: Buffer.alloc(DEFAULT_BODY_LIMIT + 1, ' ') });
  assert.equal(res.status, 413);
  assert.equal(messageOf(res.body), 'The request body exceeds 1048576 bytes');
  const fits = await server.send('POST', '/event', { raw: `{"id":"big","pad":"${'x'.repeat(DEFAULT_BODY_LIMIT - 40)}"}` });
  assert.equal(fits.status, 201);
  await server.send('DELETE', '/event');
});

test('unknown path → 404 envelope; unsupported method on an index path → 405 with Allow', async () => {
  for (const path of ['/', '/events', '/event/a/b', '/type', '/catalog/agent/', '/openapi.yml']) {
    const res = await server.send('GET', path);
    assert.equal(res.status, 404, path);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.equal((res.body as Array<{ code: number }>)[0]!.code, 404);
  }
  for (const method of ['PATCH', 'OPTIONS']) {
    const res = await server.send(method, '/catalog/agent/x');
    assert.equal(res.status, 405, method);
    assert.equal(res.headers['allow'], 'GET, POST, PUT, DELETE');
    assert.equal((res.body as Array<{ error: boolean }>)[0]!.error, true);
  }
});

/** Records a row needs in the store before its request, so no row depends on another. */
type Given = Partial<Record<IndexName, StoredRecord[]>>;
const AGENT_A = { id: 'a', actions: [{ id: 'x', config: { cmd: 'run' } }] };

const hostile: Array<[string, string, string, string | Buffer, Given?]> = [
  ['deeply nested arrays', 'POST', '/event', '['.repeat(200_000) + ']'.repeat(200_000)],
  ['deeply nested objects', 'POST', '/event', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
  ['nested query', 'GET', '/event', `${'{"where":'.repeat(10_000)}{}${'}'.repeat(10_000)}`],
  ['huge numbers', 'POST', '/event', '{"id":"n","big":1e400,"long":123456789012345678901234567890}'],
  ['__proto__ keys', 'POST', '/event', '{"id":"p","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['__proto__ in an update', 'PUT', '/event/p', '{"__proto__":{"polluted":true}}', { event: [{ id: 'p' }] }],
  ['__proto__ in an agent list entry', 'POST', '/catalog/agent', '{"actions":[{"id":"a","config":{"cmd":"x","__proto__":{"polluted":true}}}]}'],
  [
    '__proto__ in an agent list entry update',
    'PUT',
    '/catalog/agent/a',
    '{"actions":[{"id":"x","config":{"__proto__":{"polluted":true}}}]}',
    { agent: [AGENT_A] },
  ],
  ['non-UTF-8 bytes', 'POST', '/event', Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
  ['raw binary', 'POST', '/type/network-link', Buffer.from([0x00, 0x01, 0xff, 0x80, 0x7f])],
  ['arrays of garbage', 'POST', '/catalog/agent', '[1, "x", null, [], {}]'],
  ['garbage query', 'DELETE', '/event', '[[[["x"]]]]'],
  ['object ids', 'POST', '/event', '{"id":{"$gt":""}}'],
  ['where on a prototype name', 'GET', '/event', '{"where":{"equals":{"target":"__proto__","expr":"x"}}}'],
  ['select of prototype names', 'GET', '/event', '{"select":["__proto__","constructor","toString"]}'],
  ['lists that are not lists', 'PUT', '/catalog/agent/a', '{"actions":{"id":"x"},"parameters":"p"}', { agent: [AGENT_A] }],
  ['NUL and control characters', 'POST', '/event', '{"id":"\\u0000\\u001f","v":"\\ud800"}'],
  ['empty key', 'POST', '/event', '{"":1,"id":"empty-key"}'],
];

for (const [name, method, path, raw, given = {}] of hostile) {
  test(`no 500 on hostile input: ${name}`, async () => {
    for (const [index, records] of Object.entries(given) as Array<[IndexName, StoredRecord[]]>) {
      for (const record of records) server.core.store[index].put(record);
    }
    const res = await server.send(method, path, { raw });
    assert.ok(res.status < 500, `${name} answered ${res.status}: ${res.text.slice(0, 200)}`);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined, 'Object.prototype polluted');
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
    assert.equal((await server.send('GET', '/type/network-link')).status, 200, 'still serving');
  });
}

test('a __proto__ field is stored, merged and returned as data', async () => {
  const created = await server.send('POST', '/event', { raw: '{"id":"p","__proto__":{"polluted":true}}' });
  assert.equal(created.status, 201);
  const read = await server.send('GET', '/event/p');
  assert.equal(read.status, 200);
  assert.match(read.text, /"__proto__":\{"polluted":true\}/);
  const updated = await server.send('PUT', '/event/p', { raw: '{"__proto__":{"more":1}}' });
  assert.equal(updated.status, 200);
  assert.match((await server.send('GET', '/event/p')).text, /"__proto__":\{"polluted":true,"more":1\}/);
  assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
});

function sendChunked(baseUrl: string, token: string, body: Buffer): Promise<number> {
  return import('node:http').then(
    ({ request }) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(baseUrl);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/event',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        for (let i = 0; i < body.length; i += 4096) req.write(body.subarray(i, i + 4096));
        req.end();
      }),
  );
}
