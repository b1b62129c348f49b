// `mgmt-kit mock` for real: Prism from node_modules serving spec/openapi.yaml, driven with the
// typed client. Prism takes ~2.5 s to answer first, so the server is started once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type KitClient } from '../../client/index.js';
import { listOperations, loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { listPrismExamples } from '../prism/list-prism-examples.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { startCliForTests, type RunningCli } from '../../../test/support/start-cli-for-tests.js';

const examples = loadOpenApiDocument().components['examples'] as Record<string, { value: unknown }>;
const spec = createSpecValidator();
let mock: RunningCli | undefined;
let client: KitClient;

before(async () => {
  mock = await startCliForTests(['mock']);
  client = createClient({ baseURL: mock.baseURL, token: 'any-token-prism-accepts' });
});
after(async () => {
  await mock?.stop();
});

describe('mgmt-kit mock (Prism, stateless examples)', () => {
  it('prints where it listens', () => {
    assert.match(mock?.output() ?? '', new RegExp(`mgmt-kit mock: ready on ${mock?.baseURL}`));
  });
  it('GET /type/network-link answers the preloaded p2p and slice example', async () => {
    const result = await client.networkLinkTypes.read();
    assert.equal(result.status, 200);
    assert.deepEqual(result.data, examples['PreloadedNetworkLinkTypes']?.value);
  });
  it('POST answers the documented 201 envelope', async () => {
    const result = await client.events.create({ body: { id: 'event-1', kind: 'link-down' } });
    assert.equal(result.status, 201);
    assert.deepEqual(spec.checkResponse(result.operation, result.status, result.data), { ok: true });
  });
  it('each index answers its own examples: create of mesh → "Record with id=mesh created"', async () => {
    const result = await client.networkLinkTypes.create({ id: 'mesh', body: { name: 'Mesh' } });
    assert.equal(result.status, 201);
    assert.deepEqual(result.data, [{ status: 'Created', code: 201, error: false, message: 'Record with id=mesh created', id: 'mesh' }]);
  });
  it('Prefer: example=<name> picks a named example (the answer to the query example whereName)', async () => {
    const result = await client.networkLinkTypes.read({ headers: { Prefer: 'example=whereName' } });
    assert.equal(result.status, 200);
    assert.deepEqual(result.data, [{ id: 'mesh', name: 'Mesh' }]);
  });
  it('CORS is on by default (Prism --cors): a preflight is 204 without a token and echoes what it is asked', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${mock?.baseURL}/event`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type, x-anything' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), origin);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'PUT');
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization, content-type, x-anything');
    assert.equal(preflight.headers.get('access-control-allow-credentials'), 'true');
    const refused = await fetch(`${mock?.baseURL}/event`, { headers: { origin } });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('access-control-allow-origin'), origin, 'errors carry it too');
    assert.equal(refused.headers.get('access-control-expose-headers'), '*');
  });
  it('POST without Authorization → 401', async () => {
    const anonymous = createClient({ baseURL: mock?.baseURL ?? '' });
    const result = await anonymous.networkLinkTypes.create({ body: { id: 'mesh', name: 'Mesh' } });
    assert.equal(result.status, 401);
  });
  it('DELETE → 205 with the envelope example, code 200 (axios reads the 205 body)', async () => {
    const result = await client.agents.delete({ id: 'filebeat' });
    assert.equal(result.status, 205);
    assert.equal(result.data?.[0]?.code, 200);
    assert.deepEqual(spec.checkResponse(result.operation, result.status, result.data), { ok: true });
  });
  it('PUT with Prefer: code=304 → 304 without a body', async () => {
    const result = await client.networkLinkTypes.update({ body: { id: 'p2p', name: 'Point to Point' }, headers: { Prefer: 'code=304' } });
    assert.equal(result.status, 304);
    assert.equal(result.data, undefined);
  });
  it('GET with an invalid query body is refused (Prism validates GET bodies; it picks 422)', async () => {
    const result = await client.events.read({ query: { where: { equals: { target: 'id' } } } as never });
    // Prism answers a request violation with the first declared 422/400 response; the spec
    // declares 422, so that is what it serves (the reference server answers 406 here).
    assert.equal(result.status, 422);
  });
});

/** The value of a named example of one response of an operation, following $refs. */
function exampleValue(operationId: string, status: string, name: string): unknown {
  const doc = loadOpenApiDocument();
  const deref = (node: unknown): Record<string, unknown> => {
    const ref = (node as { $ref?: string }).$ref;
    if (ref === undefined) return node as Record<string, unknown>;
    const [, section = '', key = ''] = /^#\/components\/(\w+)\/(\w+)$/.exec(ref) ?? [];
    return (doc.components[section] as Record<string, Record<string, unknown>>)[key]!;
  };
  const op = Object.values(doc.paths)
    .flatMap((item) => Object.values(item) as Array<{ operationId?: string; responses?: Record<string, unknown> }>)
    .find((candidate) => candidate.operationId === operationId);
  const response = deref(op?.responses?.[status]) as { content: Record<string, { examples: Record<string, unknown> }> };
  return deref(response.content['application/json']?.examples[name])['value'];
}

describe('mgmt-kit mock: every Prefer value docs/prism.md lists', () => {
  // A body each index accepts, so Prism's own request validation (422) stays out of the way.
  const validBody: Record<string, unknown> = { '/event': { id: 'e1' }, '/type/network-link': { id: 'mesh', name: 'Mesh' }, '/catalog/agent': { id: 'a1' } };
  const operations = new Map(listOperations().map((op) => [op.operationId, op]));
  for (const group of listPrismExamples()) {
    const op = operations.get(group.operationIds[0]!)!;
    for (const prefer of group.prefer) {
      it(`${op.operationId} with Prefer: ${prefer}`, async () => {
        const base = op.pathTemplate.replace('/{id}', '');
        const body = op.method === 'POST' || op.method === 'PUT' ? JSON.stringify(validBody[base]) : undefined;
        const response = await fetch(`${mock?.baseURL}${op.pathTemplate.replace('{id}', 'x')}`, {
          method: op.method,
          headers: { authorization: 'Bearer any', 'content-type': 'application/json', prefer },
          ...(body ? { body } : {}),
        });
        const [, code = '', name = ''] = /code=(\d+), example=(\w+)/.exec(prefer) ?? [];
        assert.equal(response.status, Number(code), await response.clone().text());
        assert.deepEqual(await response.json(), exampleValue(op.operationId, code, name));
      });
    }
  }
  it('example= without code= is not enough for a non-2xx example: Prism answers 404', async () => {
    const response = await fetch(`${mock?.baseURL}/event`, {
      method: 'POST',
      headers: { authorization: 'Bearer any', 'content-type': 'application/json', prefer: 'example=duplicateId' },
      body: JSON.stringify({ id: 'e1' }),
    });
    assert.equal(response.status, 404);
  });
  it('a create without a required field: Prism answers its own 422 where the contract says 406', async () => {
    const response = await fetch(`${mock?.baseURL}/type/network-link`, {
      method: 'POST',
      headers: { authorization: 'Bearer any', 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'mesh' }),
    });
    assert.equal(response.status, 422);
  });
});

describe('mgmt-kit mock flags', () => {
  it('a bad --port exits 2 without starting Prism', async () => {
    const { main } = await import('../main.js');
    assert.equal(await main(['mock', '--port', 'abc']), 2);
  });
  it('stopping mgmt-kit stops Prism (SIGTERM forwarded)', async () => {
    const running = await startCliForTests(['mock']);
    const code = await running.stop();
    // Prism dies of the forwarded SIGTERM; mgmt-kit survives it and exits with 128 + 15.
    assert.equal(code, 143);
    const after = createClient({ baseURL: running.baseURL, timeout: 2_000 });
    await assert.rejects(after.events.read(), { name: 'NetworkError' });
  });
});
