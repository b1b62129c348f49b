// Authentication (§5; x-decisions auth-header) through node:http: HS256 Bearer tokens via jose.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { AUTHENTICATION_FAILED } from '../core/messages.js';
import { startTestServer, TEST_SECRET, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
let open: TestServer;
/** Seeded so a refused delete has something it could have removed. */
const KEPT = { id: 'x', kind: 'kept' };
before(async () => {
  server = await startTestServer({ seed: { event: [KEPT] } });
  open = await startTestServer({ auth: false });
});
after(async () => {
  await server.close();
  await open.close();
});

const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);
const sign = (alg: string, secret: string, edit: (jwt: SignJWT) => SignJWT = (j) => j) =>
  edit(new SignJWT({}).setProtectedHeader({ alg }).setIssuedAt()).sign(key(secret));

const refused: Array<[string, () => Promise<Record<string, string>>]> = [
  ['no Authorization header', async () => ({})],
  ['another scheme', async () => ({ authorization: `Basic ${btoa('user:pass')}` })],
  ['Bearer without a token', async () => ({ authorization: 'Bearer ' })],
  ['a malformed token', async () => ({ authorization: 'Bearer not.a.jwt' })],
  ['garbage', async () => ({ authorization: 'Bearer %%%%' })],
  ['a wrong signature', async () => ({ authorization: `Bearer ${await sign('HS256', 'another-secret')}` })],
  ['alg none', async () => ({ authorization: `Bearer ${new UnsecuredJWT({ sub: 'x' }).encode()}` })],
  ['HS512 (only HS256 is accepted)', async () => ({ authorization: `Bearer ${await sign('HS512', TEST_SECRET)}` })],
  ['an expired token', async () => ({ authorization: `Bearer ${await sign('HS256', TEST_SECRET, (j) => j.setExpirationTime(now() - 60))}` })],
  ['a token not yet valid (nbf)', async () => ({ authorization: `Bearer ${await sign('HS256', TEST_SECRET, (j) => j.setNotBefore(now() + 3600))}` })],
];

for (const [name, headers] of refused) {
  test(`401 "Authentication failed" for ${name}`, async () => {
    const res = await server.send('GET', '/type/network-link', { token: null, headers: await headers() });
    assert.equal(res.status, 401);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.deepEqual(res.body, [{ status: 'Unauthorized', code: 401, error: true, message: AUTHENTICATION_FAILED }]);
  });
}

test('a valid HS256 token is accepted, with or without exp, scheme word in any case', async () => {
  assert.equal((await server.send('GET', '/event')).status, 200);
  const noExp = await sign('HS256', TEST_SECRET);
  assert.equal((await server.send('GET', '/event', { token: null, headers: { authorization: `bearer ${noExp}` } })).status, 200);
});

test('auth comes after routing and before the body checks', async () => {
  assert.equal((await server.send('GET', '/nowhere', { token: null })).status, 404);
  assert.equal((await server.send('PATCH', '/event', { token: null })).status, 405);
  assert.equal((await server.send('POST', '/event', { token: null, raw: '{bad', headers: { 'content-type': 'text/plain' } })).status, 401);
  assert.deepEqual(server.core.store.event.get('x'), KEPT);
  assert.equal((await server.send('DELETE', '/event/x', { token: 'bad' })).status, 401);
  assert.deepEqual(server.core.store.event.get('x'), KEPT, 'an unauthenticated delete by id removed nothing');
  assert.equal((await server.send('DELETE', '/event', { token: null })).status, 401);
  assert.deepEqual(server.core.store.event.list(), [KEPT], 'an unauthenticated delete of the index removed nothing');
  assert.equal((await server.send('DELETE', '/type/network-link', { token: null })).status, 401);
  assert.equal(server.core.store['network-link-type'].size, 2);
  assert.equal((await server.send('PUT', '/event/x', { token: null, json: { kind: 'changed' } })).status, 401);
  assert.deepEqual(server.core.store.event.get('x'), KEPT, 'an unauthenticated update changed nothing');
});

test('--no-auth (auth: false) accepts requests without a token', async () => {
  assert.equal((await open.send('GET', '/type/network-link', { token: null })).status, 200);
  assert.equal((await open.send('POST', '/event', { token: null, json: { id: 'x' } })).status, 201);
});
