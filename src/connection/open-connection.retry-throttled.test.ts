import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isThrottled, retryAfterMs, retryThrottled } from './open-connection.js';

test('isThrottled: 429 always, 503 only with Retry-After', () => {
  assert.equal(isThrottled({ status: 429, headers: {} }), true);
  assert.equal(isThrottled({ status: 503, headers: { 'retry-after': '2' } }), true);
  assert.equal(isThrottled({ status: 503, headers: {} }), false);
  assert.equal(isThrottled({ status: 500, headers: { 'retry-after': '2' } }), false);
});

test('retryAfterMs: delta-seconds, an HTTP date, or one second', () => {
  assert.equal(retryAfterMs({ headers: { 'retry-after': '3' } }), 3000);
  assert.equal(retryAfterMs({ headers: { 'retry-after': new Date(10_000).toUTCString() } }, 4000), 6000);
  assert.equal(retryAfterMs({ headers: {} }), 1000);
  assert.equal(retryAfterMs({ headers: { 'retry-after': 'soon' } }), 1000);
});

test('retryThrottled: waits out Retry-After and sends again up to the retries allowed, then fails as throttled; a wait past until is not waited', async () => {
  const request = { method: 'GET', url: new URL('http://t/event') };
  const throttled = { status: 429, statusText: '', headers: { 'retry-after': '0' }, body: Buffer.alloc(0) };
  const ok = { ...throttled, status: 200, headers: {} };
  let counted = 0;
  const answers = [throttled, ok];
  const passed = await retryThrottled(request, throttled, async () => answers.shift()!, { retries: 2, onThrottled: () => counted++ });
  assert.equal(passed.status, 200);
  assert.equal(counted, 2, 'both throttled answers counted');
  await assert.rejects(
    retryThrottled(request, throttled, async () => throttled, { retries: 1, rate: 5, onThrottled: () => undefined }),
    (error: Error & { kind?: string }) => {
      assert.equal(error.kind, 'throttled');
      assert.match(error.message, /^the target throttled the run: GET http:\/\/t\/event answered 429 \(Retry-After: 0\) after 1 retry\. .*now 5\/s/);
      return true;
    },
  );
  let sentAgain = false;
  const late = { ...throttled, headers: { 'retry-after': '5' } };
  await assert.rejects(
    retryThrottled(
      request,
      late,
      async () => {
        sentAgain = true;
        return ok;
      },
      { retries: 3, until: Date.now() + 1000, onThrottled: () => undefined },
    ),
    /throttled the run/,
  );
  assert.equal(sentAgain, false);
});
