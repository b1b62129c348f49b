import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expiresSoon, readTokenTimes, renewalDue } from './token-provider.js';

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

test('readTokenTimes: exp and iat of a JWT, nothing of an opaque token', () => {
  assert.deepEqual(readTokenTimes(jwt({ exp: 20, iat: 10 })), { exp: 20, iat: 10 });
  assert.deepEqual(readTokenTimes('opaque-token'), {});
  assert.deepEqual(readTokenTimes('a.not-json.c'), {});
});

test('expiresSoon: within a quarter of its life, at most 30 s, before exp', () => {
  const twoSeconds = jwt({ iat: 1000, exp: 1002 });
  assert.equal(expiresSoon(twoSeconds, 0, 1001_400), false, '0.6 s left of 2 s');
  assert.equal(expiresSoon(twoSeconds, 0, 1001_600), true, '0.4 s left of 2 s');
  const oneHour = jwt({ iat: 0, exp: 3600 });
  assert.equal(expiresSoon(oneHour, 0, 3569_000), false, '31 s left');
  assert.equal(expiresSoon(oneHour, 0, 3571_000), true, '29 s left');
  assert.equal(expiresSoon('opaque', 0, Number.MAX_SAFE_INTEGER), false, 'no exp: renewed after a 401 only');
});

test('renewalDue: the moment expiresSoon starts to hold, decoded once; without iat the life counts from when it was obtained', () => {
  assert.equal(renewalDue(jwt({ iat: 1000, exp: 1002 }), 0), 1001_500, 'a quarter of 2 s before exp');
  assert.equal(renewalDue(jwt({ iat: 0, exp: 3600 }), 0), 3570_000, '30 s before exp, the most');
  assert.equal(renewalDue(jwt({ exp: 1002 }), 1000_000), 1001_500, 'obtained at 1000 s');
  assert.equal(renewalDue(jwt({ iat: 1005, exp: 1002 }), 0), 1002_000, 'issued after its exp: due at exp');
  assert.equal(renewalDue('opaque', 0), Infinity);
  const token = jwt({ iat: 1000, exp: 1002 });
  for (const now of [1001_499, 1001_500, 1001_501]) assert.equal(expiresSoon(token, 0, now), now >= renewalDue(token, 0));
});
