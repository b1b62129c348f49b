// `mgmt-kit proxy` for real: Prism with --errors in front of a tiny node:http upstream that
// breaks the contract on purpose, driven with the typed client.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, UnexpectedStatusError, type KitClient } from '../../client/index.js';
import { startCliForTests, type RunningCli } from '../../../test/support/start-cli-for-tests.js';

const created = [{ status: 'Created', code: 201, error: false, message: 'Record with id=e1 created' }];

/** Answers per "METHOD path": a correct create, a read with an object instead of an array, a 418. */
function startUpstream(): Promise<Server> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    const key = `${request.method} ${request.url}`;
    if (key === 'POST /event') response.writeHead(201).end(JSON.stringify(created));
    else if (key === 'GET /type/network-link') response.writeHead(200).end('{"id":"p2p"}');
    else response.writeHead(418).end('[]');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let upstream: Server | undefined;
let proxy: RunningCli | undefined;
let client: KitClient;

before(async () => {
  upstream = await startUpstream();
  const upstreamURL = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startCliForTests(['proxy', '--upstream', upstreamURL]);
  client = createClient({ baseURL: proxy.baseURL, token: 'any' });
});
after(async () => {
  await proxy?.stop();
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
});

describe('mgmt-kit proxy (Prism --errors)', () => {
  it('a response that follows the contract passes through unchanged', async () => {
    const result = await client.events.create({ body: { id: 'e1' } });
    assert.equal(result.status, 201);
    assert.deepEqual(result.data, created);
    assert.equal(result.headers['sl-violations'], undefined);
  });
  it('a body of the wrong shape becomes a 500 problem+json naming the violation', async () => {
    const result = await client.networkLinkTypes.read();
    assert.equal(result.status, 500);
    assert.match(result.headers['content-type'] ?? '', /application\/problem\+json/);
    const violations = JSON.parse(result.headers['sl-violations'] ?? '[]') as Array<{ message: string }>;
    assert.deepEqual(
      violations.map((v) => v.message),
      ['Response body must be array'],
    );
    assert.match(result.rawBody, /#VIOLATIONS/);
  });
  it('an undocumented status is flagged in sl-violations, and the client throws naming the operation', async () => {
    await assert.rejects(client.events.update({ body: { id: 'e1', source: 'x' } }), (error: unknown) => {
      assert.ok(error instanceof UnexpectedStatusError);
      assert.equal(error.operation, 'updateEvent');
      assert.equal(error.status, 418);
      assert.match(error.headers['sl-violations'] ?? '', /Unable to match the returned status code/);
      return true;
    });
  });
  it('a GET with a query body is refused by Prism itself (501, undocumented: the client throws)', async () => {
    // Prism's forwarder cannot send a GET body (PROXY_UNSUPPORTED_REQUEST_BODY); docs/prism.md says so.
    await assert.rejects(client.networkLinkTypes.read({ query: { select: ['name'] } }), (error: unknown) => {
      assert.ok(error instanceof UnexpectedStatusError);
      assert.equal(error.status, 501);
      assert.match(error.rawBody, /PROXY_UNSUPPORTED_REQUEST_BODY/);
      return true;
    });
  });
});

describe('mgmt-kit proxy flags', () => {
  const rows: Array<[string, string[]]> = [
    ['--upstream is required', []],
    ['--upstream must be an http(s) URL', ['--upstream', 'ftp://x']],
    ['unknown flags are refused', ['--upstream', 'http://x', '--nope']],
  ];
  for (const [name, argv] of rows) {
    it(`${name}: exit 2`, async () => {
      const { main } = await import('../main.js');
      assert.equal(await main(['proxy', ...argv]), 2);
    });
  }
});
