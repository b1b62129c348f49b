import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveKitParameters } from './kit-parameters.js';

const connection = { headers: [], tls: {}, proxy: {}, retryThrottled: 0 };

test('resolveKitParameters: a plain cucumber-js run reads TOKEN and JWT_SECRET, an empty one counting as unset', () => {
  assert.equal(resolveKitParameters({ baseUrl: 'http://t' }, { TOKEN: 'tok' }).token, 'tok');
  assert.equal(resolveKitParameters({ baseUrl: 'http://t' }, { TOKEN: '', JWT_SECRET: '' }).token, undefined);
  assert.equal(resolveKitParameters({ baseUrl: 'http://t' }, { JWT_SECRET: '' }).jwtSecret, undefined);
  assert.equal(resolveKitParameters({ baseUrl: 'http://t' }, { AUTH_SCHEME: '' }).authScheme, '');
});

test('resolveKitParameters: under mgmt-kit conformance (a connection given) the environment never stands in for the auth it chose', () => {
  const params = resolveKitParameters(
    { baseUrl: 'http://t', jwtSecret: 's', connection },
    { TOKEN: 'stale', JWT_SECRET: 'other', AUTH_SCHEME: 'Token', JWT_CLAIMS: '{"a":1}' },
  );
  assert.equal(params.token, undefined);
  assert.equal(params.jwtSecret, 's');
  assert.equal(params.authScheme, undefined);
  assert.equal(params.jwtClaims, undefined);
});
