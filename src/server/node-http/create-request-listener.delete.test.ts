// Delete (§4.1 rule 1; x-decisions delete-envelope, delete-nothing) through node:http.
// The 205 body is read with node:http: fetch would drop it.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({
    seed: {
      event: [
        { id: 'e1', kind: 'down' },
        { id: 'e2', kind: 'up' },
        { id: 'e3', kind: 'down' },
      ],
    },
  });
});
beforeEach(() => server.core.reset());
after(() => server.close());

const deleted = (id: string) => ({ status: 'Reset Content', code: 200, error: false, message: `Record with id=${id} deleted` });

test('delete by id → 205 with an envelope item code 200 on the wire; then read → 404', async () => {
  const res = await server.send('DELETE', '/type/network-link/p2p');
  assert.equal(res.status, 205);
  assert.equal(res.headers['content-type'], 'application/json');
  assert.deepEqual(res.body, [deleted('p2p')]);
  assert.equal((await server.send('GET', '/type/network-link/p2p')).status, 404);
  assert.deepEqual(
    server.core.store['network-link-type'].list().map((r) => r.id),
    ['slice'],
  );
});

test('delete with a where body removes only the matching records', async () => {
  const res = await server.send('DELETE', '/event', { json: { where: { equals: { target: 'kind', expr: 'down' } } } });
  assert.equal(res.status, 205);
  assert.deepEqual(res.body, [deleted('e1'), deleted('e3')]);
  assert.deepEqual(server.core.store.event.list(), [{ id: 'e2', kind: 'up' }]);
});

test('delete without a body removes every record of the index (rule 1); again → 404', async () => {
  const res = await server.send('DELETE', '/event');
  assert.equal(res.status, 205);
  assert.deepEqual(res.body, [deleted('e1'), deleted('e2'), deleted('e3')]);
  assert.equal(server.core.store.event.size, 0);
  assert.equal(server.core.store['network-link-type'].size, 2, 'other indices untouched');
  assert.equal((await server.send('DELETE', '/event')).status, 404);
});

test('select in a delete query is ignored', async () => {
  const res = await server.send('DELETE', '/event', { json: { select: ['kind'] } });
  assert.equal(res.status, 205);
  assert.equal((res.body as unknown[]).length, 3);
});

test('nothing to delete → 404 and nothing removed', async () => {
  for (const [path, query] of [
    ['/event/nope', undefined],
    ['/event', { where: { equals: { target: 'kind', expr: 'sideways' } } }],
    ['/event/e2', { where: { equals: { target: 'kind', expr: 'down' } } }],
  ] as const) {
    const res = await server.send('DELETE', path, query === undefined ? {} : { json: query });
    assert.equal(res.status, 404, path);
  }
  assert.equal(server.core.store.event.size, 3);
});

test('a bad delete query → 400 and nothing removed', async () => {
  assert.equal((await server.send('DELETE', '/event', { json: { where: { equals: { target: 'kind' } } } })).status, 400);
  assert.equal((await server.send('DELETE', '/event', { raw: '{"where":' })).status, 400);
  assert.equal((await server.send('DELETE', '/event', { raw: '{"where":{}}', headers: { 'content-type': 'text/plain' } })).status, 415);
  assert.equal(server.core.store.event.size, 3);
});
