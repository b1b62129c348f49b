// The query language and ?q= (extensions, x-decisions query-language, query-parameter) through
// the real node:http adapter; every answer is checked against the spec by send().
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
const events = [
  { id: 'e1', kind: 'link-down', severity: 3, origin: { host: 'r1' } },
  { id: 'e2', kind: 'link-up', severity: 10, origin: { host: 'r2' } },
  { id: 'e3', kind: 'reboot', severity: 7 },
  { id: 'e4', kind: 'link-down-again', severity: 9 },
];
before(async () => {
  server = await startTestServer({ seed: { event: events } });
});
beforeEach(() => server.core.reset());
after(() => server.close());

const ids = (body: unknown) => (body as Array<{ id: string }>).map((r) => r.id);
const q = (query: unknown) => `q=${encodeURIComponent(JSON.stringify(query))}`;

test('reg_exp matches the whole value, in the body and as ?q=', async () => {
  const query = { where: { reg_exp: { target: 'kind', expr: 'link-(up|down)' } } };
  assert.deepEqual(ids((await server.send('GET', '/event', { json: query })).body), ['e1', 'e2']);
  const viaQ = await server.send('GET', `/event?${q(query)}`);
  assert.equal(viaQ.status, 200);
  assert.deepEqual(ids(viaQ.body), ['e1', 'e2']);
});

test('numbers compare as numbers, then order and an inclusive limit', async () => {
  const query = { where: { gte: { target: 'severity', expr: '5' } }, order: [{ target: 'severity', mode: 'desc' }], limit: { from: 0, to: 1 } };
  const res = await server.send('GET', '/event', { json: query });
  assert.equal(res.status, 200);
  assert.deepEqual(ids(res.body), ['e2', 'e4']);
});

test('select with ?q= on a record path; a limit that leaves nothing → 404', async () => {
  assert.deepEqual((await server.send('GET', `/event/e3?${q({ select: ['kind'] })}`)).body, [{ kind: 'reboot' }]);
  assert.equal((await server.send('GET', `/event?${q({ limit: { from: 10 } })}`)).status, 404);
});

test('delete takes the query language and ?q= too', async () => {
  const res = await server.send(
    'DELETE',
    `/event?${q({ where: { wildcard: { target: 'kind', expr: 'link-*' } }, order: [{ target: 'id', mode: 'asc' }], limit: { to: 1 } })}`,
  );
  assert.equal(res.status, 205);
  assert.deepEqual(
    server.core.store.event.list().map((r) => r.id),
    ['e3', 'e4'],
  );
  const miss = await server.send('DELETE', `/event/e3?${q({ where: { not: { equals: { target: 'kind', expr: 'reboot' } } } })}`);
  assert.equal(miss.status, 404);
  assert.equal(server.core.store.event.has('e3'), true);
});

for (const [name, path, json, want] of [
  ['a body and q together', `/event?${q({})}`, {}, { q: 'send the query in the body or as q, not both' }],
  ['q that is not JSON', '/event?q=%7Bnope', undefined, { q: 'must be URL-encoded JSON' }],
  [
    'an unknown operator in q',
    `/event?${q({ where: { like: { target: 'kind', expr: 'x' } } })}`,
    undefined,
    { 'where.like': 'unknown operator: use equals, reg_exp, wildcard, lt, lte, gt, gte, and, or, not' },
  ],
  ['a catastrophic-looking but valid pattern answers at once', '/event', { where: { reg_exp: { target: 'kind', expr: '(a+)+$' } } }, undefined],
] as const) {
  test(`${name} → ${want ? '400 naming the problem, nothing deleted' : '404 without hanging'}`, async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await server.send(method, path, json === undefined ? {} : { json });
      if (want === undefined) {
        assert.equal(res.status, 404);
        continue;
      }
      assert.equal(res.status, 400, `${method} ${res.text}`);
      assert.deepEqual((res.body as Array<{ message: unknown }>)[0]!.message, want);
    }
    assert.equal(server.core.store.event.size, events.length);
  });
}

test('other URL parameters are ignored; create and update ignore q', async () => {
  assert.deepEqual(ids((await server.send('GET', '/event?page=2')).body), ['e1', 'e2', 'e3', 'e4']);
  assert.equal((await server.send('POST', `/event?${q({})}`, { json: { id: 'e5' } })).status, 201);
});
