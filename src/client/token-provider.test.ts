// The token provider of createClient over a real socket: asked once for many calls, again near
// the token's exp, once more after a 401 (and the call sent again), one ask for concurrent calls.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from './create-client.js';
import { holdToken } from './token-provider.js';

/** An unsigned JWT-shaped token with these claims (the client reads exp, it never verifies). */
const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

let server: Server;
let baseURL = '';
/** Authorization headers in arrival order; the server answers 401 to the tokens in `refused`. */
const seen: string[] = [];
const refused = new Set<string>();

before(async () => {
  server = createServer((request, response) => {
    const authorization = request.headers.authorization ?? '';
    seen.push(authorization);
    response.setHeader('content-type', 'application/json');
    if (refused.has(authorization.replace(/^Bearer /, ''))) {
      response.writeHead(401).end(JSON.stringify([{ status: 'Unauthorized', code: 401, error: true, message: 'Authentication failed' }]));
    } else response.writeHead(200).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  refused.clear();
});

/** A provider that hands out `tokens` in turn and counts its calls. */
function providerOf(...tokens: string[]) {
  let calls = 0;
  const provider = async () => tokens[Math.min(calls++, tokens.length - 1)]!;
  return { provider, calls: () => calls };
}

describe('createClient({ token: provider })', () => {
  it('asks once and sends the token on every call while it is far from its exp', async () => {
    const token = jwt({ iat: nowSeconds(), exp: nowSeconds() + 3600 });
    const { provider, calls } = providerOf(token);
    const client = createClient({ baseURL, token: provider });
    for (let i = 0; i < 3; i++) assert.equal((await client.events.read()).status, 200);
    assert.equal(calls(), 1);
    assert.deepEqual(seen, [`Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`]);
  });

  it('asks again when the token is within a quarter of its life of exp', async () => {
    const nearlyExpired = jwt({ iat: nowSeconds() - 100, exp: nowSeconds() + 10 });
    const fresh = jwt({ iat: nowSeconds(), exp: nowSeconds() + 3600, n: 2 });
    const { provider, calls } = providerOf(nearlyExpired, fresh);
    const client = createClient({ baseURL, token: provider });
    await client.events.read();
    await client.events.read();
    assert.equal(calls(), 2, 'the first token was already near its exp when the second call was sent');
    assert.deepEqual(seen, [`Bearer ${nearlyExpired}`, `Bearer ${fresh}`]);
  });

  it('a source that gives near-expired tokens twice in a row: the second is kept until its exp, not asked for before every call', async () => {
    // A token command slower than a quarter of the token's life: each token arrives 0.5 s from its exp.
    const lateToken = (n: number) => jwt({ iat: nowSeconds() - 10, exp: nowSeconds() + 2, n });
    let calls = 0;
    const client = createClient({ baseURL, token: async () => lateToken(++calls) });
    for (let i = 0; i < 5; i++) assert.equal((await client.events.read()).status, 200);
    assert.equal(calls, 2, 'asked again once (the first might have been a stale cache), then the second kept');
    assert.equal(new Set(seen).size, 2);
  });

  it('after a 401 asks once more and sends the call again with the new token', async () => {
    const revoked = 'opaque-revoked';
    const { provider, calls } = providerOf(revoked, 'opaque-new');
    refused.add(revoked);
    const client = createClient({ baseURL, token: provider });
    const result = await client.networkLinkTypes.read();
    assert.equal(result.status, 200);
    assert.equal(calls(), 2);
    assert.deepEqual(seen, [`Bearer ${revoked}`, 'Bearer opaque-new']);
  });

  it('a 401 stands when the provider gives the same token again (no loop, one retry at most)', async () => {
    const { provider, calls } = providerOf('opaque-refused');
    refused.add('opaque-refused');
    const client = createClient({ baseURL, token: provider });
    assert.equal((await client.events.read()).status, 401);
    assert.equal(calls(), 2);
    assert.equal(seen.length, 1, 'the same token is not sent twice');
  });

  it('a fixed token is sent as before and a 401 to it is the answer', async () => {
    refused.add('fixed');
    const client = createClient({ baseURL, token: 'fixed', authScheme: '' });
    assert.equal((await client.events.read()).status, 401);
    assert.deepEqual(seen, ['fixed']);
  });

  it('concurrent calls share one ask; a failed ask is not kept', async () => {
    let calls = 0;
    const held = holdToken(async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (calls === 1) throw new Error('token service down');
      return 'opaque-ok';
    });
    const first = await Promise.allSettled([held.current(), held.current(), held.current()]);
    assert.deepEqual(
      first.map((r) => r.status),
      ['rejected', 'rejected', 'rejected'],
    );
    assert.equal(calls, 1);
    assert.deepEqual(await Promise.all([held.current(), held.current()]), ['opaque-ok', 'opaque-ok']);
    assert.equal(calls, 2);
  });

  it('a provider that gives no string rejects the call with a TypeError', async () => {
    const client = createClient({ baseURL, token: (() => undefined) as unknown as () => string });
    await assert.rejects(client.events.read(), (error: unknown) => error instanceof TypeError && /gave undefined, not a string/.test(error.message));
    assert.deepEqual(seen, []);
  });
});
