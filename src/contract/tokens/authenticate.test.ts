// The verified-token cache never accepts what a fresh verification would refuse: every
// refusal is proven after the cache was warmed with a valid token of the same secret.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { createAuthenticator } from './authenticate.js';
import { EMPTY_SECRET, secretKey } from './jwt-secret.js';

const SECRET = 'the-secret';
const T0 = Date.UTC(2026, 0, 1) / 1000; // epoch seconds of the fake clock's start

function sign(claims: { exp?: number; nbf?: number; sub?: string }, secret = SECRET, alg = 'HS256'): Promise<string> {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(claims.sub ?? 'u')
    .setIssuedAt(T0);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  return jwt.sign(secretKey(secret));
}

/** An authenticator on a clock the test moves (seconds since T0). */
function onClock() {
  let seconds = 0;
  const check = createAuthenticator(SECRET, { now: () => (T0 + seconds) * 1000 });
  return {
    check: (token: string) => check(`Bearer ${token}`),
    at: (s: number) => {
      seconds = s;
    },
  };
}

test('a warmed token expires exactly when jose says so (exp <= now), and stays refused', async () => {
  const { check, at } = onClock();
  const token = await sign({ exp: T0 + 60 });
  assert.equal(await check(token), true);
  assert.equal(await check(token), true, 'from the cache');
  at(59);
  assert.equal(await check(token), true);
  at(60);
  assert.equal(await check(token), false, 'expired although cached');
  at(30);
  assert.equal(await check(token), true, 'a fresh verification at that time accepts it again');
});

test('a token not yet valid is refused, cached or not, until its nbf', async () => {
  const { check, at } = onClock();
  const warm = await sign({ exp: T0 + 3600 });
  assert.equal(await check(warm), true);
  const early = await sign({ nbf: T0 + 60, exp: T0 + 3600 });
  assert.equal(await check(early), false);
  at(60);
  assert.equal(await check(early), true);
  at(59); // the clock set back: the cached entry must not outlive its window
  assert.equal(await check(early), false);
});

test('after warming, a wrong secret, alg none, HS512 and a tampered signature are refused', async () => {
  const { check } = onClock();
  const valid = await sign({ exp: T0 + 3600, sub: 'same' });
  assert.equal(await check(valid), true);
  const payload = decodeJwt(valid);
  const [header, body] = valid.split('.');
  const refused: Array<[string, string]> = [
    ['another secret, same claims', await sign({ exp: T0 + 3600, sub: 'same' }, 'another-secret')],
    ['alg none, same claims', new UnsecuredJWT(payload).encode()],
    ['alg none, the cached header and body', `${header}.${body}.`],
    ['HS512 with the right secret', await sign({ exp: T0 + 3600, sub: 'same' }, SECRET, 'HS512')],
    ['the cached token with its signature changed', `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`],
    ['the cached token with a character appended', `${valid}x`],
  ];
  for (const [name, token] of refused) assert.equal(await check(token), false, name);
  assert.equal(await check(valid), true, 'the valid token is still accepted');
});

test('each secret has its own cache: a token warmed under one secret is refused under another', async () => {
  const token = await sign({});
  const a = createAuthenticator(SECRET);
  const b = createAuthenticator('another-secret');
  assert.equal(await a(`Bearer ${token}`), true);
  assert.equal(await b(`Bearer ${token}`), false);
});

test('cacheSize 0 verifies every request in full, with the same answers', async () => {
  const check = createAuthenticator(SECRET, { cacheSize: 0 });
  const token = await sign({});
  assert.equal(await check(`Bearer ${token}`), true);
  assert.equal(await check(`Bearer ${token}`), true);
  assert.equal(await check(`Bearer ${await sign({}, 'x')}`), false);
});

test('the secret is copied at creation; an empty one is refused there', async () => {
  const bytes = new TextEncoder().encode(SECRET);
  const check = createAuthenticator(bytes);
  bytes.fill(0);
  assert.equal(await check(`Bearer ${await sign({})}`), true);
  assert.throws(() => createAuthenticator(''), { name: 'RangeError', message: EMPTY_SECRET });
});
