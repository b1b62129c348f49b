// openapi-fetch with the types openapi-typescript generated from spec/openapi.yaml
// (src/generated/openapi.ts, as `@mgmt-kit/client/schema` ships them), against the reference
// server: first what breaks as docs/other-tools.md says, then create, read with a query, update
// and delete through the ways round the kit supports (the `q` parameter, withNullBodyStatuses).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import createFetchClient from 'openapi-fetch';
import type { paths } from '../../src/client/schema.js';
import { withNullBodyStatuses } from '../../src/client/index.js';
import { useTestServer } from '../support/test-server.js';

const server = useTestServer();
const apiWith = (fetchImpl: typeof fetch) =>
  createFetchClient<paths>({ baseUrl: server.url, headers: { Authorization: `Bearer ${server.token}` }, fetch: fetchImpl });

describe('openapi-fetch as generated, without a way round', () => {
  it('a read with a query body throws before sending: fetch cannot send a GET body', async () => {
    const api = apiWith(fetch);
    await assert.rejects(
      api.GET('/event', { body: { where: { equals: { target: 'kind', expr: 'link-down' } } } }),
      (error: unknown) => error instanceof TypeError && /Request with GET\/HEAD method cannot have body/.test(error.message),
    );
  });

  it('a delete throws: fetch drops the 205 body while Content-Length stays', async () => {
    const api = apiWith(fetch);
    await api.POST('/event', { body: { id: 'e1', kind: 'link-down' } });
    await assert.rejects(
      api.DELETE('/event/{id}', { params: { path: { id: 'e1' } } }),
      (error: unknown) => error instanceof SyntaxError && /Unexpected end of JSON input/.test(error.message),
    );
    assert.equal((await api.GET('/event/{id}', { params: { path: { id: 'e1' } } })).response.status, 404, 'the delete did happen');
  });
});

describe('openapi-fetch through the ways round', () => {
  it('create, read with a query (q), update, delete (withNullBodyStatuses)', async () => {
    const api = apiWith(withNullBodyStatuses(fetch));

    const created = await api.POST('/event', {
      body: [
        { id: 'e1', kind: 'link-down', severity: 'major' },
        { id: 'e2', kind: 'link-up' },
      ],
    });
    assert.equal(created.response.status, 201);
    assert.deepEqual(
      created.data?.map((item) => item.code),
      [201, 201],
    );

    // The query as URL-encoded JSON in q (x-decisions query-parameter): same content as the body.
    const query = { select: ['id', 'severity'], where: { equals: { target: 'kind', expr: 'link-down' } } };
    const read = await api.GET('/event', { params: { query: { q: JSON.stringify(query) } } });
    assert.equal(read.response.status, 200);
    assert.deepEqual(read.data, [{ id: 'e1', severity: 'major' }]);

    const updated = await api.PUT('/event/{id}', { params: { path: { id: 'e1' } }, body: { severity: 'minor' } });
    assert.equal(updated.response.status, 200);
    assert.equal(updated.data?.[0]?.code, 200);

    // A delete by id and a delete with a where (DELETE may carry a body in fetch): 205, no data.
    const deleted = await api.DELETE('/event/{id}', { params: { path: { id: 'e1' } } });
    assert.deepEqual([deleted.response.status, deleted.data, deleted.error], [205, undefined, undefined]);
    const deletedWhere = await api.DELETE('/event', { body: { where: { equals: { target: 'kind', expr: 'link-up' } } } });
    assert.equal(deletedWhere.response.status, 205);

    const after = await api.GET('/event');
    assert.deepEqual([after.response.status, after.data], [200, []]);
    // An error status comes under `error` (openapi-fetch types it as the union of the error bodies).
    const missing = await api.GET('/event/{id}', { params: { path: { id: 'e1' } } });
    assert.equal(missing.response.status, 404);
    assert.deepEqual(
      (missing.error as Array<{ code?: number }> | undefined)?.map((item) => item.code),
      [404],
    );
  });
});
