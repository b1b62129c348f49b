// Consumers import the package by name; package.json `exports` makes that work inside the repo too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawnSync } from 'node:child_process';

describe('import("mgmt-kit")', () => {
  it('exports the client and the error classes, and leaves msw to mgmt-kit/mock', async () => {
    const kit = await import('mgmt-kit');
    assert.deepEqual(
      ['createClient', 'indexOperations', 'NetworkError', 'UnexpectedStatusError'].map((name) => typeof kit[name as keyof typeof kit]),
      ['function', 'object', 'function', 'function'],
    );
    assert.equal('createHandlers' in kit, false, 'the main entry must not load msw (an optional peer dependency)');
  });
  it('its client talks to a server', async () => {
    const { createClient } = await import('mgmt-kit');
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"p2p"}]'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = createClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const result = await client.networkLinkTypes.read();
      assert.deepEqual([result.status, result.data], [200, [{ id: 'p2p' }]]);
    } finally {
      server.close();
    }
  });
  it('mgmt-kit/mock exports createHandlers', async () => {
    const mock = await import('mgmt-kit/mock');
    assert.equal(typeof mock.createHandlers, 'function');
  });
  it('loads in plain Node, without tsx (the built dist/ of npm run build)', () => {
    const script =
      "const kit = await import('mgmt-kit'); const rs = await import('mgmt-kit/reference-server'); console.log(typeof kit.createClient, typeof rs.startReferenceServer);";
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    assert.equal(run.stderr, '', 'no warnings or errors on import');
    assert.equal(run.stdout.trim(), 'function function');
  });
});
