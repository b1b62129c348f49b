// The typed client against nock (an injected transport at the http level; no server).
// nock 14 only: never load msw in this process (both patch node:http).
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nock from 'nock';
import { createClient } from './create-client.js';
import type { IndexClient, KitClient } from './index-calls.js';
import { NetworkError, UnexpectedStatusError, type ApiResult, type OperationId } from './api-result.js';
import { indexOperations, type ClientIndexKey } from './index-operations.js';

const BASE = 'http://mgmt.test';
const JSON_HEADERS = { 'content-type': 'application/json' };

/** What nock saw of one request. */
interface Seen {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The query string, `?` included ("" when none). */
  search: string;
}

/** Answers the next request to `path` with `status` and `body`, recording what was sent. */
function answerOnce(method: string, path: string | RegExp, status: number, body?: unknown): Seen[] {
  const seen: Seen[] = [];
  nock(BASE)
    .intercept(path, method)
    .query(true)
    .reply(function (uri, requestBody) {
      const at = uri.indexOf('?');
      const search = at === -1 ? '' : uri.slice(at);
      seen.push({ method, path: uri, headers: { ...this.req.headers }, body: requestBody === '' ? undefined : requestBody, search });
      return body === undefined ? [status, ''] : [status, JSON.stringify(body), JSON_HEADERS];
    });
  return seen;
}

const envelope = (status: string, code: number, error: boolean, message: unknown) => [{ status, code, error, message }];
const bodies: Record<ClientIndexKey, { create: object; update: object }> = {
  events: { create: { id: 'e1', kind: 'link-down' }, update: { id: 'e1', source: '10.0.0.1' } },
  networkLinkTypes: { create: { id: 'mesh', name: 'Mesh' }, update: { id: 'mesh', name: 'Mesh 2' } },
  agents: { create: { id: 'a1', description: 'x' }, update: { id: 'a1', description: 'y' } },
};

before(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
after(() => nock.enableNetConnect());

describe('createClient: every method of every index, with and without a path id', () => {
  const client = createClient({ baseURL: BASE, token: 't0k' });
  for (const index of Object.keys(indexOperations) as ClientIndexKey[]) {
    const ops = indexOperations[index];
    for (const withId of [false, true]) {
      const id = withId ? 'r/1' : undefined; // a slash must be percent-encoded into one segment
      const path = withId ? `${ops.basePath}/r%2F1` : ops.basePath;
      const pick = (pair: readonly [string, string]) => (withId ? pair[1] : pair[0]);
      const rows = [
        {
          op: pick(ops.create),
          method: 'POST',
          status: 201,
          sent: bodies[index].create,
          reply: envelope('Created', 201, false, 'Record with id=r created'),
          call: (c: KitClient) => c[index].create({ id, body: bodies[index].create as never }),
        },
        {
          op: pick(ops.read),
          method: 'GET',
          status: 200,
          sent: { select: ['id'] },
          reply: [{ id: 'r' }],
          call: (c: KitClient) => c[index].read({ id, query: { select: ['id'] } }),
        },
        {
          op: pick(ops.update),
          method: 'PUT',
          status: 200,
          sent: bodies[index].update,
          reply: envelope('OK', 200, false, 'Record with id=r updated'),
          call: (c: KitClient) => (c[index] as IndexClient<ClientIndexKey>).update({ id, body: bodies[index].update as never }),
        },
        {
          op: pick(ops.delete),
          method: 'DELETE',
          status: 205,
          sent: undefined,
          reply: undefined, // nock 14 drops a 205 body, like fetch: the client must accept that
          call: (c: KitClient) => c[index].delete({ id }),
        },
      ];
      for (const row of rows) {
        it(`${index}.${row.method} ${path} → ${row.op} ${row.status}`, async () => {
          const seen = answerOnce(row.method, path, row.status, row.reply);
          const result = await row.call(client);
          assert.equal(seen.length, 1, 'the request reached the intercepted path');
          assert.equal(result.operation, row.op);
          assert.equal(result.status, row.status);
          assert.deepEqual(result.data, row.reply);
          assert.deepEqual(seen[0]?.body, row.sent);
          assert.equal(seen[0]?.headers['content-type'], 'application/json');
        });
      }
    }
  }
});

describe('createClient: Authorization header (§5, x-decisions auth-header)', () => {
  const rows: Array<[string, Parameters<typeof createClient>[0], string | undefined]> = [
    ['Bearer by default', { baseURL: BASE, token: 'abc' }, 'Bearer abc'],
    ['custom authScheme', { baseURL: BASE, token: 'abc', authScheme: 'JWT' }, 'JWT abc'],
    ['bare token with authScheme ""', { baseURL: BASE, token: 'abc', authScheme: '' }, 'abc'],
    ['no token, no header', { baseURL: BASE }, undefined],
    ['call headers override', { baseURL: BASE, token: 'abc' }, 'Basic other'],
  ];
  for (const [name, options, want] of rows) {
    it(name, async () => {
      const seen = answerOnce('GET', '/event', 200, []);
      const headers = want === 'Basic other' ? { Authorization: 'Basic other' } : undefined;
      await createClient(options).events.read({ headers });
      assert.equal(seen[0]?.headers.authorization, want);
    });
  }
});

describe('createClient: query bodies', () => {
  const client = createClient({ baseURL: BASE, token: 't' });
  it('GET sends the query as a JSON body (axios Node adapter) and nock matches on it', async () => {
    const query = { select: ['name'], where: { equals: { target: 'id', expr: 'p2p' } } };
    nock(BASE)
      .get('/type/network-link', query)
      .reply(200, [{ name: 'Point to Point' }], JSON_HEADERS);
    const result = await client.networkLinkTypes.read({ query });
    assert.equal(result.status, 200);
    if (result.status === 200) assert.equal(result.data?.[0]?.name, 'Point to Point');
  });
  it('GET without a query sends no body', async () => {
    const seen = answerOnce('GET', '/catalog/agent', 200, []);
    await client.agents.read();
    assert.equal(seen[0]?.body, undefined);
    assert.equal(seen[0]?.headers['content-length'], undefined);
  });
  it('DELETE sends the where query as a JSON body', async () => {
    const where = { equals: { target: 'kind', expr: 'link-down' } };
    nock(BASE).delete('/event', { where }).reply(205);
    const result = await client.events.delete({ query: { where } });
    assert.equal(result.status, 205);
  });
  // Extension (x-decisions query-parameter): the query as ?q=<URL-encoded JSON>, no body.
  it('queryIn "url" sends the query as ?q= on GET and DELETE, with no body', async () => {
    const query = {
      where: { reg_exp: { target: 'kind', expr: 'link-(up|down)' } },
      order: [{ target: 'id', mode: 'asc' as const }],
      limit: { from: 0, to: 9 },
    };
    const urlClient = createClient({ baseURL: BASE, token: 't', queryIn: 'url' });
    const seenGet = answerOnce('GET', '/event', 200, []);
    await urlClient.events.read({ query });
    const seenDelete = answerOnce('DELETE', '/event/e1', 404, []);
    await urlClient.events.delete({ id: 'e1', query });
    for (const seen of [seenGet, seenDelete]) {
      assert.equal(seen[0]?.body, undefined);
      assert.deepEqual(JSON.parse(new URLSearchParams(seen[0]!.search).get('q')!), query);
    }
  });
  it('a per-call queryIn overrides the client option', async () => {
    const seen = answerOnce('GET', '/event', 200, []);
    await createClient({ baseURL: BASE, queryIn: 'url' }).events.read({ query: { select: ['id'] }, queryIn: 'body' });
    assert.equal(seen[0]?.search, '');
    assert.deepEqual(seen[0]?.body, { select: ['id'] }); // nock parses a JSON body
  });
});

describe('createClient: documented statuses resolve, never throw', () => {
  const client = createClient({ baseURL: BASE, token: 't' });
  const errorRows: Array<[string, 'GET' | 'POST', number, unknown[]]> = [
    ['401 envelope', 'POST', 401, envelope('Unauthorized', 401, true, 'Authentication failed')],
    ['404 envelope', 'GET', 404, envelope('Not Found', 404, true, 'Nothing found for the query')],
    ['406 duplicate id', 'POST', 406, envelope('Not Acceptable', 406, true, 'Id already found')],
    ['406 missing field', 'POST', 406, envelope('Not Acceptable', 406, true, { name: 'required' })],
    ['415 envelope', 'POST', 415, envelope('Unsupported Media Type', 415, true, 'Media type not supported: send application/json')],
  ];
  for (const [name, method, status, body] of errorRows) {
    it(name, async () => {
      answerOnce(method, '/type/network-link', status, body);
      const result = method === 'POST' ? await client.networkLinkTypes.create({ body: { name: 'x' } }) : await client.networkLinkTypes.read();
      assert.equal(result.status, status);
      assert.deepEqual(result.data, body);
    });
  }
  it('205 without a body (as nock, fetch and msw deliver it) is a success with data undefined', async () => {
    // nock 14 drops a 205 body; the 205 envelope itself is checked against node:http in
    // create-client.node-http.test.ts.
    answerOnce('DELETE', '/event/e1', 205);
    const result = await client.events.delete({ id: 'e1' });
    assert.equal(result.status, 205);
    assert.equal(result.data, undefined, 'a bodiless 205 is a success with data undefined');
    assert.equal(result.rawBody, '');
  });
  it('304 with no body', async () => {
    answerOnce('PUT', '/event/e1', 304);
    const result = await client.events.update({ id: 'e1', body: { source: 'x' } });
    assert.equal(result.status, 304);
    assert.equal(result.data, undefined);
  });
  it('204 with no body', async () => {
    answerOnce('POST', '/event', 204);
    const result = await client.events.create({ body: [] });
    assert.equal(result.status, 204);
    assert.equal(result.data, undefined);
  });
  it('a non-JSON body resolves with data undefined and the raw text kept', async () => {
    nock(BASE).get('/event').reply(500, 'oops');
    const result = await client.events.read();
    assert.equal(result.status, 500);
    assert.equal(result.data, undefined);
    assert.equal(result.rawBody, 'oops');
  });
});

/** `true` when `undefined` is one of the values `data` may hold for that operation and status. */
type DataAdmitsUndefined<O extends OperationId, S extends number> = undefined extends Extract<ApiResult<O>, { status: S }>['data'] ? true : false;

// Type-level table (checked by `npm run typecheck`): no status promises a body, because the client
// parses what arrived and never checks that a body came. A `false` here fails to compile.
const dataMayBeMissing: [
  DataAdmitsUndefined<'createEvent', 201>,
  DataAdmitsUndefined<'createNetworkLinkTypeById', 406>,
  DataAdmitsUndefined<'updateAgent', 200>,
  DataAdmitsUndefined<'readNetworkLinkTypes', 200>,
  DataAdmitsUndefined<'deleteEvents', 205>,
] = [true, true, true, true, true];

describe('createClient: a documented status without the body its schema describes', () => {
  const client = createClient({ baseURL: BASE, token: 't' });
  it('every status types data as possibly undefined (type-level table above)', () => {
    assert.deepEqual(dataMayBeMissing, [true, true, true, true, true]);
  });
  it('a 201 without a body resolves with data undefined, and the types forbid indexing it unguarded', async () => {
    answerOnce('POST', '/event', 201);
    const created = await client.events.create({ body: { id: 'e1' } });
    assert.equal(created.status, 201);
    if (created.status !== 201) return;
    assert.equal(created.data?.[0]?.message, undefined, 'the guarded form of the JSDoc example does not throw');
    assert.equal(created.rawBody, '');
    // @ts-expect-error data is `Envelope | undefined` even for a 201: unguarded indexing must not type-check
    assert.throws(() => created.data[0], TypeError, 'what tsc used to accept throws at run time');
    assert.equal(created.data, undefined);
  });
  it('a 200 read with an empty body resolves with data undefined', async () => {
    answerOnce('GET', '/catalog/agent', 200);
    const result = await client.agents.read();
    assert.equal(result.status, 200);
    assert.equal(result.data, undefined);
  });
});

describe('createClient: failures throw errors that name the operation', () => {
  const client = createClient({ baseURL: BASE, token: 't' });
  it('an undocumented status → UnexpectedStatusError', async () => {
    answerOnce('POST', '/catalog/agent/a1', 200, []); // 200 is not a create status
    await assert.rejects(client.agents.create({ id: 'a1', body: {} }), (error: unknown) => {
      assert.ok(error instanceof UnexpectedStatusError);
      assert.equal(error.operation, 'createAgentById');
      assert.equal(error.status, 200);
      assert.match(error.message, /createAgentById.*200/);
      return true;
    });
  });
  it('404 on update is undocumented (x-decisions update-unknown-id)', async () => {
    answerOnce('PUT', '/event', 404, envelope('Not Found', 404, true, 'x'));
    await assert.rejects(client.events.update({ body: { id: 'e9' } }), UnexpectedStatusError);
  });
  it('a connection error → NetworkError', async () => {
    nock(BASE).get('/event').replyWithError('socket hang up');
    await assert.rejects(client.events.read(), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.operation, 'readEvents');
      assert.match(error.message, /readEvents: no response/);
      return true;
    });
  });
  it('a timeout → NetworkError with code ECONNABORTED', async () => {
    nock(BASE).get('/event').delay(1_000).reply(200, []);
    const slow = createClient({ baseURL: BASE, timeout: 50 });
    await assert.rejects(slow.events.read(), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.code, 'ECONNABORTED');
      return true;
    });
  });
});

describe('createClient: a call object with a key its method does not read (JavaScript callers)', () => {
  const client = createClient({ baseURL: BASE, token: 't' });
  const rows: Array<[string, string, (c: KitClient) => Promise<unknown>, RegExp]> = [
    // The one that matters most: a where not under query would delete every record (§4.1 rule 1).
    [
      'delete({ where })',
      'DELETE',
      (c) => c.events.delete({ where: { equals: { target: 'id', expr: 'e1' } } } as never),
      /events\.delete: "where" is not a key of the call object, which takes \{ id, query, queryIn, headers \}/,
    ],
    [
      'create(record), the record not under body',
      'POST',
      (c) => c.events.create({ id: 'e1', kind: 'link-down' } as never),
      /events\.create: "kind" is not a key .* \{ id, body, headers \}/,
    ],
    [
      'update(body, { id }), the positional form',
      'PUT',
      (c) => c.networkLinkTypes.update({ name: 'Mesh' } as never),
      /networkLinkTypes\.update: "name" is not a key/,
    ],
    ['read({ select })', 'GET', (c) => c.agents.read({ select: ['id'] } as never), /agents\.read: "select" is not a key/],
  ];
  for (const [name, method, call, message] of rows) {
    it(`${name} rejects with a TypeError and sends nothing`, async () => {
      const seen = answerOnce(method, /.*/, 200, []);
      await assert.rejects(call(client), (error: unknown) => error instanceof TypeError && message.test(error.message));
      assert.equal(seen.length, 0);
    });
  }
});
