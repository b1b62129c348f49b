// Read (§4.1 rules 2, 8; x-decisions select, where-equals, read-empty) through node:http.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { NOTHING_FOUND } from '../core/messages.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
let empty: TestServer;
const P2P = { id: 'p2p', name: 'Point to Point', description: 'A point-to-point link between two endpoints' };
const SLICE = { id: 'slice', name: 'Slice', description: 'A network slice shared by several endpoints' };
const events = [
  { id: 'e1', kind: 'link-down', severity: 'major', count: 3, acked: false, origin: { host: 'r1', port: 8 } },
  { id: 'e2', kind: 'link-up', severity: 'minor', count: 30, acked: true, origin: { host: 'r2' } },
  { id: 'e3', kind: 'Link-Down' },
];

before(async () => {
  server = await startTestServer({ seed: { event: events } });
  empty = await startTestServer({ preload: false });
});
after(async () => {
  await server.close();
  await empty.close();
});

test('read without a body → every record as stored, in insertion order (rule 2)', async () => {
  const res = await server.send('GET', '/type/network-link');
  assert.equal(res.status, 200);
  assert.equal(res.headers['content-type'], 'application/json');
  assert.deepEqual(res.body, [P2P, SLICE]);
  assert.deepEqual((await server.send('GET', '/event')).body, events);
});

test('read of an empty index without a where (no body, {}, select only) → 200 [] (x-decisions read-empty)', async () => {
  for (const json of [undefined, {}, { select: ['name'] }]) {
    const res = await empty.send('GET', '/type/network-link', json === undefined ? {} : { json });
    assert.equal(res.status, 200, JSON.stringify(json));
    assert.deepEqual(res.body, [], JSON.stringify(json));
  }
  assert.deepEqual((await server.send('GET', '/type/network-link', { json: {} })).body, [P2P, SLICE]);
});

test('read of an empty index with a where or an id → 404 (x-decisions read-empty)', async () => {
  const where = { where: { equals: { target: 'id', expr: 'p2p' } } };
  for (const [path, json] of [
    ['/type/network-link', where],
    ['/type/network-link', { ...where, select: ['id'] }],
    ['/type/network-link/p2p', undefined],
  ] as const) {
    const res = await empty.send('GET', path, json === undefined ? {} : { json });
    assert.equal(res.status, 404, `${path} ${JSON.stringify(json)}`);
  }
});

test('read by id → a list with that record; unknown id → 404', async () => {
  assert.deepEqual((await server.send('GET', '/type/network-link/p2p')).body, [P2P]);
  const missing = await server.send('GET', '/type/network-link/mesh');
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, [{ status: 'Not Found', code: 404, error: true, message: NOTHING_FOUND }]);
});

const queries: Array<[string, { path?: string; query: unknown; want: unknown }]> = [
  ['select names (rule 8)', { path: '/type/network-link', query: { select: ['name'] }, want: [{ name: 'Point to Point' }, { name: 'Slice' }] }],
  ['select an absent field leaves it out', { path: '/type/network-link', query: { select: ['type_id'] }, want: [{}, {}] }],
  [
    'select with where',
    {
      path: '/type/network-link',
      query: { select: ['id', 'name'], where: { equals: { target: 'id', expr: 'p2p' } } },
      want: [{ id: 'p2p', name: 'Point to Point' }],
    },
  ],
  ['where string exact', { query: { where: { equals: { target: 'kind', expr: 'link-down' } } }, want: [events[0]] }],
  ['where number by JSON text', { query: { where: { equals: { target: 'count', expr: '30' } } }, want: [events[1]] }],
  ['where boolean by JSON text', { query: { where: { equals: { target: 'acked', expr: 'false' } } }, want: [events[0]] }],
  ['where dotted target', { query: { where: { equals: { target: 'origin.host', expr: 'r2' } }, select: ['id'] }, want: [{ id: 'e2' }] }],
  ['where narrows a read by id', { path: '/event/e1', query: { where: { equals: { target: 'severity', expr: 'major' } } }, want: [events[0]] }],
];

for (const [name, { path = '/event', query, want }] of queries) {
  test(`read query: ${name}`, async () => {
    const res = await server.send('GET', path, { json: query });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, want);
  });
}

test('a where or id that matches nothing → 404', async () => {
  for (const [path, query] of [
    ['/event', { where: { equals: { target: 'kind', expr: 'LINK-DOWN' } } }],
    ['/event/e2', { where: { equals: { target: 'severity', expr: 'major' } } }],
    ['/event/nope', { select: ['id'] }],
  ] as const) {
    const res = await server.send('GET', path, { json: query });
    assert.equal(res.status, 404, JSON.stringify(query));
  }
});

const badQueries: Array<[string, { method?: string; query: unknown; want: Record<string, string> }]> = [
  ['missing target', { query: { where: { equals: { expr: 'x' } } }, want: { 'where.equals.target': 'required' } }],
  ['an empty where', { query: { where: {} }, want: { where: 'must name at least one operator' } }],
  ['expr not a string', { query: { where: { equals: { target: 'count', expr: 3 } } }, want: { 'where.equals.expr': 'must be string' } }],
  ['unknown query field', { query: { offset: 1 }, want: { offset: 'not allowed' } }],
  ['select not a list', { query: { select: 'name' }, want: { select: 'must be array' } }],
  // Valid JSON that is not an object is not a query either.
  ['an array', { query: [], want: { body: 'must be object' } }],
  ['a number', { query: 5, want: { body: 'must be object' } }],
  ['a string', { query: 'x', want: { body: 'must be object' } }],
  ['null', { query: null, want: { body: 'must be object' } }],
  ['delete: an array', { method: 'DELETE', query: [], want: { body: 'must be object' } }],
  ['delete: a number', { method: 'DELETE', query: 5, want: { body: 'must be object' } }],
  ['delete: a string', { method: 'DELETE', query: 'x', want: { body: 'must be object' } }],
  ['delete: missing target', { method: 'DELETE', query: { where: { equals: { expr: 'x' } } }, want: { 'where.equals.target': 'required' } }],
];

for (const [name, { method = 'GET', query, want }] of badQueries) {
  test(`query not matching the Query schema: ${name} → 400 naming the field, nothing deleted`, async () => {
    const res = await server.send(method, '/event', { json: query });
    assert.equal(res.status, 400);
    assert.deepEqual((res.body as Array<{ message: unknown }>)[0]!.message, want);
    assert.equal(server.core.store.event.size, events.length);
  });
}

test('a query that is not valid JSON → 400', async () => {
  for (const raw of ['{"select": [}', '[', 'nope']) {
    const res = await server.send('GET', '/event', { raw });
    assert.equal(res.status, 400, raw);
    assert.match(String((res.body as Array<{ message: unknown }>)[0]!.message), /^Request not valid: /);
  }
});

test('a percent-encoded id is decoded', async () => {
  assert.equal((await server.send('POST', '/event/a%20b%2Fc', { json: { x: 1 } })).status, 201);
  assert.deepEqual((await server.send('GET', '/event/a%20b%2Fc')).body, [{ id: 'a b/c', x: 1 }]);
  await server.send('DELETE', '/event/a%20b%2Fc');
});
