// mintToken signs plain lifetimes (30m, 24h, 7d) and lifetimes in milliseconds with WebCrypto so that `mgmt-kit serve` starts
// without loading jose: those tokens must be the very bytes jose's SignJWT makes, and every
// other time span must still be read by jose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt, SignJWT } from 'jose';
import { createAuthenticator } from './authenticate.js';
import { mintToken } from './mint-token.js';

/** What jose mints for the same options, made within the same second as the kit's token. */
async function bothWithinOneSecond(secret: string, expiresIn: string | undefined, subject: string | undefined): Promise<[string, string]> {
  for (;;) {
    const before = Math.floor(Date.now() / 1000);
    const ours = await mintToken({ secret, ...(expiresIn === undefined ? {} : { expiresIn }), ...(subject === undefined ? {} : { subject }) });
    const theirs = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject ?? 'mgmt-kit')
      .setIssuedAt()
      .setExpirationTime(expiresIn ?? '24h')
      .sign(new TextEncoder().encode(secret));
    if (Math.floor(Date.now() / 1000) === before) return [ours, theirs];
  }
}

for (const [expiresIn, subject, secret] of [
  [undefined, undefined, 's'],
  ['24h', undefined, 'a longer secret with spaces ü'],
  ['1h', 'alice', 's'],
  ['30m', 'mgmt-kit-fuzz', 's'],
  ['90s', 'ü and "quotes"', 's'],
  ['7d', undefined, 's'],
  ['0s', undefined, 's'],
  ['2 hours', undefined, 's'],
  ['1.5h', 'bob', 's'],
  ['2w', undefined, 's'],
] as const) {
  test(`mintToken(${expiresIn ?? 'default'}, ${subject ?? 'default subject'}) is the token jose mints`, async () => {
    const [ours, theirs] = await bothWithinOneSecond(secret, expiresIn, subject);
    assert.equal(ours, theirs);
    assert.equal(await createAuthenticator(secret)(`Bearer ${ours}`), (decodeJwt(ours).exp ?? 0) > Date.now() / 1000);
  });
}

test('a span jose cannot read is refused, as before', async () => {
  await assert.rejects(mintToken({ secret: 's', expiresIn: 'soon' }));
});

test('a lifetime in milliseconds (a bare number in the kit grammar): exp is when it ends, in whole seconds, with and without claims', async () => {
  for (const claims of [undefined, { iss: 'idp' }]) {
    const token = await mintToken({ secret: 's', expiresIn: 90_000, claims });
    const { exp, iat } = decodeJwt(token);
    assert.equal(exp! - iat!, 90, JSON.stringify(claims));
    assert.equal(await createAuthenticator('s')(`Bearer ${token}`), true);
  }
  const short = decodeJwt(await mintToken({ secret: 's', expiresIn: 500 }));
  assert.ok([0, 1].includes(short.exp! - short.iat!), `500 ms: exp - iat = ${short.exp! - short.iat!}`);
  await assert.rejects(mintToken({ secret: 's', expiresIn: -1 }), RangeError);
  await assert.rejects(mintToken({ secret: 's', expiresIn: Number.NaN }), RangeError);
});
