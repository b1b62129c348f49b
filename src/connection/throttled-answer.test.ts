import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isThrottled, retryAfterMs } from './throttled-answer.js';

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
