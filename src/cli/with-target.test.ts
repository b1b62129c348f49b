import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { UsageError } from './command/command-io.js';
import type { TargetFlags } from './shared-flags.js';
import { withTarget, type Target } from './with-target.js';

/** The target flags as commander reads them with none given (but a 10 s time-out), and `over`. */
const flags = (over: Partial<TargetFlags>): TargetFlags => ({
  authScheme: 'Bearer',
  header: [],
  maxConnections: 4,
  timeout: 10_000,
  retryThrottled: 0,
  preloadCheck: true,
  ...over,
});
const seen = (given: TargetFlags, env: NodeJS.ProcessEnv = {}) => withTarget('fuzz', given, new PassThrough(), async (target: Target) => target, env);

test('withTarget: --base-url with the token and secret as given, the time-out, the proxy variables', async () => {
  const target = await seen(flags({ baseUrl: 'http://svc', token: 't', jwtSecret: 's', header: ['X-Api-Key: k'] }), { HTTP_PROXY: 'http://proxy:3128' });
  assert.equal(target.selfTest, false);
  assert.deepEqual(target.connection.auth, { scheme: 'Bearer', token: 't', jwtSecret: 's' });
  assert.deepEqual(target.connection.headers, [{ name: 'X-Api-Key', value: 'k' }]);
  assert.deepEqual(target.connection.proxy, { httpProxy: 'http://proxy:3128' });
  assert.equal(target.connection.timeout, 10_000);
});

test('withTarget: --self-test goes to a fresh reference server with its secret, whatever else is given, and ignores the proxy variables', async () => {
  const target = await seen(flags({ selfTest: true, baseUrl: 'http://svc', token: 't', jwtSecret: 's', timeout: 2000 }), { HTTP_PROXY: 'http://proxy:3128' });
  assert.match(target.connection.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(target.connection.auth.token, undefined);
  assert.notEqual(target.connection.auth.jwtSecret, 's');
  assert.deepEqual(target.connection.proxy, {});
  assert.equal(target.connection.timeout, 2000);
  assert.equal(target.selfTest, true);
});

test('withTarget: no target at all is a usage error that says how to name one', async () => {
  await assert.rejects(seen(flags({})), (error: unknown) => {
    assert.ok(error instanceof UsageError);
    assert.equal(error.message, 'no target — pass --base-url URL or set BASE_URL (or use --self-test)');
    return true;
  });
});

test('withTarget: a bad connection flag is one usage line before anything is sent', async () => {
  await assert.rejects(seen(flags({ baseUrl: 'http://svc', header: ['X-Api-Key abc'] })), /--header "X-Api-Key abc" has no colon/);
  await assert.rejects(
    seen(flags({ baseUrl: 'http://svc', clientCert: '/nonexistent/client.pem', clientKey: '/nonexistent/key.pem' })),
    /--client-cert \/nonexistent\/client\.pem: cannot read it \(ENOENT\)/,
  );
  await assert.rejects(seen(flags({ baseUrl: 'http://svc', token: 't', tokenCommand: 'echo t' })), /both name the run's token: give one/);
});
