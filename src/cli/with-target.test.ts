import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { UsageError } from './command/usage-error.js';
import type { TargetFlags } from './shared-flags.js';
import { withTarget, type Target } from './with-target.js';

const flags = (over: Partial<TargetFlags>): TargetFlags => ({ 'base-url': undefined, token: undefined, 'jwt-secret': undefined, 'self-test': false, ...over });
const seen = (given: TargetFlags) => withTarget('fuzz', given, new PassThrough(), async (target: Target) => target);

test('withTarget: --base-url with the token and secret as given', async () => {
  assert.deepEqual(await seen(flags({ 'base-url': 'http://svc', token: 't', 'jwt-secret': 's' })), { baseUrl: 'http://svc', token: 't', jwtSecret: 's', selfTest: false });
});

test('withTarget: --self-test goes to a fresh reference server with its secret, whatever else is given', async () => {
  const target = await seen(flags({ 'self-test': true, 'base-url': 'http://svc', token: 't', 'jwt-secret': 's' }));
  assert.match(target.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(target.token, undefined);
  assert.notEqual(target.jwtSecret, 's');
  assert.equal(target.selfTest, true);
});

test('withTarget: no target at all is a usage error that says how to name one', async () => {
  await assert.rejects(seen(flags({})), (error: unknown) => {
    assert.ok(error instanceof UsageError);
    assert.equal(error.message, 'no target — pass --base-url URL or set BASE_URL (or use --self-test)');
    return true;
  });
});
