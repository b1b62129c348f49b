import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plainConnection } from '../../connection/connection-settings.js';
import { resolveKitParameters } from './kit-parameters.js';

test('resolveKitParameters: a plain cucumber-js run reads BASE_URL, TOKEN, JWT_SECRET and the proxy variables, an empty one counting as unset', () => {
  const auth = (env: NodeJS.ProcessEnv) => resolveKitParameters(undefined, { BASE_URL: 'http://t', ...env }).connection.auth;
  assert.equal(auth({ TOKEN: 'tok' }).token, 'tok');
  assert.equal(auth({ TOKEN: '', JWT_SECRET: '' }).token, undefined);
  assert.equal(auth({ JWT_SECRET: '' }).jwtSecret, undefined);
  assert.equal(auth({ AUTH_SCHEME: '' }).scheme, '');
  assert.equal(auth({}).scheme, 'Bearer');
  assert.deepEqual(auth({ JWT_SECRET: 's', JWT_CLAIMS: '{"iss":"idp"}' }).jwtClaims, { iss: 'idp' });
  const params = resolveKitParameters(undefined, { BASE_URL: 'http://t', HTTP_PROXY: 'http://p:1', ALLOW_DESTRUCTIVE: '1' });
  assert.deepEqual(params.connection.proxy, { httpProxy: 'http://p:1' });
  assert.equal(params.connection.timeout, 15_000);
  assert.equal(params.allowDestructive, true);
  assert.throws(() => resolveKitParameters(undefined, {}), /^Error: No target/);
  assert.throws(() => resolveKitParameters(undefined, { BASE_URL: 'http://t', JWT_CLAIMS: '[1]' }), /JWT_CLAIMS|--jwt-claims|JSON object/);
});

test('resolveKitParameters: under mgmt-kit conformance (a connection given) the environment never stands in for the auth it chose', () => {
  const connection = plainConnection('http://t', { jwtSecret: 's' });
  const params = resolveKitParameters(
    { connection },
    { TOKEN: 'stale', JWT_SECRET: 'other', AUTH_SCHEME: 'Token', JWT_CLAIMS: '{"a":1}', HTTP_PROXY: 'http://p:1' },
  );
  assert.deepEqual(params.connection, connection);
});
