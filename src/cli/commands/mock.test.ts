// `mgmt-kit mock` for real: Prism from node_modules serving spec/openapi.yaml, driven with the
// typed client. Prism takes ~2.5 s to answer first, so the server is started once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, type KitClient } from '../../client/index.js';
import { loadOpenApiDocument } from '../../spec/openapi-document.js';
import { createSpecValidator } from '../../spec/spec-validator.js';
import { startCliForTests, type RunningCli } from '../../mock/prism/start-cli-for-tests.js';

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
    const result = await client.events.create({ id: 'event-1', kind: 'link-down' });
    assert.equal(result.status, 201);
    assert.deepEqual(spec.checkResponse(result.operation, result.status, result.data), { ok: true });
  });
  it('each index answers its own examples: create of mesh → "Record with id=mesh created"', async () => {
    const result = await client.networkLinkTypes.create({ name: 'Mesh' }, { id: 'mesh' });
    assert.equal(result.status, 201);
    assert.deepEqual(result.data, [{ status: 'Created', code: 201, error: false, message: 'Record with id=mesh created', id: 'mesh' }]);
  });
  it('Prefer: example=<name> picks a named example (the answer to the query example whereName)', async () => {
    const result = await client.networkLinkTypes.read({ headers: { Prefer: 'example=whereName' } });
    assert.equal(result.status, 200);
    assert.deepEqual(result.data, [{ id: 'mesh', name: 'Mesh' }]);
  });
  it('POST without Authorization → 401', async () => {
    const anonymous = createClient({ baseURL: mock?.baseURL ?? '' });
    const result = await anonymous.networkLinkTypes.create({ id: 'mesh', name: 'Mesh' });
    assert.equal(result.status, 401);
  });
  it('DELETE → 205 with the envelope example, code 200 (axios reads the 205 body)', async () => {
    const result = await client.agents.delete({ id: 'filebeat' });
    assert.equal(result.status, 205);
    assert.equal(result.data?.[0]?.code, 200);
    assert.deepEqual(spec.checkResponse(result.operation, result.status, result.data), { ok: true });
  });
  it('PUT with Prefer: code=304 → 304 without a body', async () => {
    const result = await client.networkLinkTypes.update(
      { id: 'p2p', name: 'Point to Point' },
      { headers: { Prefer: 'code=304' } },
    );
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

describe('mgmt-kit mock flags', () => {
  it('a bad --port exits 2 without starting Prism', async () => {
    const { command } = await import('./mock.js');
    assert.equal(await command.run(['--port', 'abc']), 2);
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
