import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { parseJwtClaims } from './jwt-claims.js';
import { mintToken } from './mint-token.js';
import { unsignedJwt } from './unsigned-jwt.js';

const key = new TextEncoder().encode('s3cret');

test('a valid token verifies with the secret and carries the extra claims', async () => {
  const token = await mintToken({ secret: 's3cret', claims: { iss: 'idp', aud: 'mgmt', sub: 'alice' }, expiresIn: '1h' });
  const { payload } = await jwtVerify(token, key, { issuer: 'idp', audience: 'mgmt' });
  assert.equal(payload.sub, 'alice', 'the sub of the claims is the subject');
});

const failing: Array<[string, 'expired' | 'not-yet-valid' | 'wrong-signature', RegExp]> = [
  ['expired', 'expired', /exp/],
  ['not yet valid', 'not-yet-valid', /nbf/],
  ['signed with another secret', 'wrong-signature', /signature/],
];
for (const [name, kind, reason] of failing) {
  test(`a token that is ${name} keeps its flaw with extra claims`, async () => {
    const token = await mintToken({ secret: 's3cret', kind, claims: { iss: 'idp' } });
    assert.equal(decodeJwt(token).iss, 'idp');
    await assert.rejects(jwtVerify(token, key), reason);
  });
}

test('an unsigned token says alg none and has no signature', () => {
  const token = unsignedJwt();
  assert.equal(decodeProtectedHeader(token).alg, 'none');
  assert.equal(decodeJwt(token).sub, 'mgmt-kit');
  assert.match(token, /\.$/);
});

test('--jwt-claims takes a JSON object only', () => {
  assert.deepEqual(parseJwtClaims('{"iss":"idp"}'), { ok: true, claims: { iss: 'idp' } });
  assert.deepEqual(parseJwtClaims(undefined), { ok: true, claims: {} });
  for (const bad of ['[1]', '"iss"', '{', 'null']) assert.equal(parseJwtClaims(bad).ok, false, bad);
});
