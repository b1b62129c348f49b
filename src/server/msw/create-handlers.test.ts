// The msw handlers with msw/node setupServer and the typed client in one process (no nock here).
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { createClient, type IndexClient, type IndexName, type KitClient } from '../../client/index.js';
import { AUTHENTICATION_FAILED, ID_ALREADY_FOUND, NOTHING_FOUND, mintToken } from '../core/index.js';
import { MSW_DROPS_GET_BODY } from '../../../test/support/msw-major.js';
import { createHandlers } from './create-handlers.js';

const BASE = 'http://mock.test';
const server = setupServer();
const client: KitClient = createClient({ baseURL: BASE });

before(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
after(() => server.close());

/** Fresh handlers (a fresh store) for one test. */
function useHandlers(options: Partial<Parameters<typeof createHandlers>[0]> = {}): void {
  server.use(...createHandlers({ baseUrl: BASE, ...options }));
}

// `afterUpdate` is the record a read must return after `change` (§4.1 rules 5-7): the event
// gains source, the network link type gets its new name, and the agent's parameter is addressed
// by id, so only its type changes and its config stays.
const roundTrips = [
  {
    index: 'events',
    record: { id: 'e1', kind: 'link-down' },
    change: { source: '10.0.0.1' },
    afterUpdate: { id: 'e1', kind: 'link-down', source: '10.0.0.1' },
  },
  {
    index: 'networkLinkTypes',
    record: { id: 'mesh', name: 'Mesh' },
    change: { name: 'Mesh 2' },
    afterUpdate: { id: 'mesh', name: 'Mesh 2' },
  },
  {
    index: 'agents',
    record: { id: 'filebeat', parameters: [{ id: 'period', type: 'string', config: { schema: 'yaml' } }] },
    change: { parameters: [{ id: 'period', type: 'integer' }] },
    afterUpdate: { id: 'filebeat', parameters: [{ id: 'period', type: 'integer', config: { schema: 'yaml' } }] },
  },
] as const;

describe('createHandlers: create → read → update → delete on each index', () => {
  for (const { index, record, change, afterUpdate } of roundTrips) {
    it(index, async () => {
      useHandlers();
      const api = client[index] as IndexClient<IndexName>;
      const created = await api.create({ body: record as never });
      assert.equal(created.status, 201);
      assert.match(String(created.data?.[0]?.message), new RegExp(`id=${record.id}`));

      const read = await api.read({ id: record.id });
      assert.equal(read.status, 200);
      assert.deepEqual(read.data, [record]);

      const updated = await api.update({ id: record.id, body: change as never });
      assert.equal(updated.status, 200);
      const again = await api.update({ id: record.id, body: change as never });
      assert.equal(again.status, 304, 'the same update again changes nothing');
      assert.equal(again.data, undefined, 'a 304 carries no body through fetch');

      const reread = await api.read({ id: record.id });
      assert.equal(reread.status, 200);
      assert.deepEqual(reread.data, [afterUpdate], 'the update is visible to a later read, and nothing else changed');

      const deleted = await api.delete({ id: record.id });
      assert.equal(deleted.status, 205);
      assert.equal(deleted.data, undefined, 'msw cannot deliver a 205 body; the client accepts none');

      const gone = await api.read({ id: record.id });
      assert.equal(gone.status, 404);
      assert.equal(gone.data?.[0]?.message, NOTHING_FOUND);
    });
  }
});

describe('createHandlers: the 406 rules (§4.1 rules 3-4)', () => {
  it('a duplicate id → 406 "Id already found"', async () => {
    useHandlers();
    const result = await client.networkLinkTypes.create({ body: { id: 'p2p', name: 'again' } });
    assert.equal(result.status, 406);
    assert.deepEqual(result.data?.[0], { status: 'Not Acceptable', code: 406, error: true, message: ID_ALREADY_FOUND });
  });
  it('a missing name of a network link type → 406 {name: required}', async () => {
    useHandlers();
    const result = await client.networkLinkTypes.create({ body: { id: 'nameless' } as never });
    assert.equal(result.status, 406);
    assert.deepEqual(result.data?.[0]?.message, { name: 'required' });
  });
  it('a missing parameter type → 406 {parameter.type: required}', async () => {
    useHandlers();
    const agent = { id: 'a1', parameters: [{ id: 'p', config: { schema: 'yaml' } }] };
    const result = await client.agents.create({ body: agent as never });
    assert.equal(result.status, 406);
    assert.deepEqual(result.data?.[0]?.message, { 'parameter.type': 'required' });
  });
});

describe('createHandlers: queries and the index as a whole', () => {
  it('delete without a query empties the index (§4.1 rule 1)', async () => {
    useHandlers();
    assert.equal((await client.networkLinkTypes.delete()).status, 205);
    const read = await client.networkLinkTypes.read();
    assert.deepEqual([read.status, read.data], [200, []]);
  });
  // msw 2: read-raw-get-body.ts recovers the body axios sent. msw 3 keeps none, so the read
  // answers as one without a query (every record, whole), as in the browser.
  const everyLinkType = ['p2p', 'slice'];
  it(`a GET query body from axios ${MSW_DROPS_GET_BODY ? 'is lost under msw 3: every record comes back' : 'reaches the core (Node workaround, read-raw-get-body.ts)'}`, async () => {
    useHandlers();
    const result = await client.networkLinkTypes.read({ query: { select: ['name'], where: { equals: { target: 'id', expr: 'slice' } } } });
    if (MSW_DROPS_GET_BODY) assert.deepEqual([result.status, (result.data ?? []).map((r) => r.id)], [200, everyLinkType]);
    else assert.deepEqual([result.status, result.data], [200, [{ name: 'Slice' }]]);
  });
  it(`a large GET body ${MSW_DROPS_GET_BODY ? 'is lost under msw 3 too' : 'arrives whole'}`, async () => {
    useHandlers();
    const select = ['name', ...Array.from({ length: 20_000 }, (_, i) => `field_${i}`)];
    const result = await client.networkLinkTypes.read({ query: { select } });
    if (MSW_DROPS_GET_BODY)
      assert.deepEqual(
        (result.data ?? []).map((r) => r.id),
        everyLinkType,
      );
    else assert.deepEqual(result.data, [{ name: 'Point to Point' }, { name: 'Slice' }]);
  });
  it('fetch cannot send a GET body: a fetch GET reads every record', async () => {
    useHandlers();
    const response = await fetch(`${BASE}/type/network-link`);
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as unknown[]).length, 2);
  });
  it('a body that is not valid UTF-8 → 400, nothing stored (as on node:http)', async () => {
    useHandlers();
    const bytes = Uint8Array.from([...Buffer.from('{"id":"bad-'), 0xc3, 0x28, ...Buffer.from('"}')]);
    const response = await fetch(`${BASE}/event`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    assert.equal(response.status, 400);
    assert.match(JSON.stringify(await response.json()), /not valid UTF-8/);
    assert.deepEqual((await client.events.read()).data, []);
  });
  it('a base URL with a path prefix', async () => {
    server.use(...createHandlers({ baseUrl: `${BASE}/api/` }));
    const result = await createClient({ baseURL: `${BASE}/api` }).networkLinkTypes.read({ id: 'p2p' });
    assert.equal(result.status, 200);
  });
  it('each createHandlers call has its own store; seed and preload are honoured', async () => {
    useHandlers({ preload: false, seed: { event: [{ id: 'seeded' }] } });
    assert.deepEqual((await client.networkLinkTypes.read()).data, []);
    assert.deepEqual((await client.events.read()).data, [{ id: 'seeded' }]);
  });
});

describe('createHandlers: authentication (§5)', () => {
  const secret = 'msw-test-secret';
  it('auth on: a valid token is accepted', async () => {
    useHandlers({ auth: { secret } });
    const token = await mintToken({ secret, expiresIn: '5m' });
    const result = await createClient({ baseURL: BASE, token }).events.create({ body: { id: 'e1' } });
    assert.equal(result.status, 201);
  });
  it('auth on: no token → 401 envelope', async () => {
    useHandlers({ auth: { secret } });
    const result = await client.events.read();
    assert.equal(result.status, 401);
    assert.equal(result.data?.[0]?.message, AUTHENTICATION_FAILED);
  });
  it('auth on: a token signed with another secret → 401', async () => {
    useHandlers({ auth: { secret } });
    const token = await mintToken({ secret: 'another' });
    assert.equal((await createClient({ baseURL: BASE, token }).events.read()).status, 401);
  });
  it('auth off (default): no token needed', async () => {
    useHandlers();
    assert.equal((await client.events.create({ body: { id: 'e1' } })).status, 201);
  });
});
