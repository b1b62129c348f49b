import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRepeatedDelivery, REPEATED_DELIVERY_MS } from './repeated-signal.js';

test('isRepeatedDelivery: the same signal soon after is the same delivery; another signal, or the same one later, is a second signal', () => {
  const first = { signal: 'SIGTERM' as const, at: 10_000 };
  for (const [signal, at, repeated] of [
    ['SIGTERM', 10_003, true],
    ['SIGTERM', 10_000 + REPEATED_DELIVERY_MS - 1, true],
    ['SIGTERM', 10_000 + REPEATED_DELIVERY_MS, false],
    ['SIGINT', 10_003, false],
  ] as const) {
    assert.equal(isRepeatedDelivery(first, signal, at), repeated, `${signal} at +${at - first.at} ms`);
  }
});
