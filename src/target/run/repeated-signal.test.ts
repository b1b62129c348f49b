import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { handleInterrupt, isRepeatedDelivery, REPEATED_DELIVERY_MS } from './repeated-signal.js';

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

test('handleInterrupt: one signal starts the work once, however often it is delivered; a second signal ends it, once', () => {
  const seen: string[] = [];
  const handler = handleInterrupt({
    deadlineMs: 60_000,
    work: 'the read-back',
    first: (signal) => seen.push(`first ${signal}`),
    endNow: (signal, why) => seen.push(`end ${signal}: ${why}`),
  });
  handler('SIGTERM');
  handler('SIGTERM');
  assert.equal(handler.signal, 'SIGTERM');
  handler('SIGINT');
  handler('SIGINT');
  handler.done();
  assert.deepEqual(seen, ['first SIGTERM', 'end SIGTERM: a second signal (SIGINT) came before the read-back finished']);
});

test('handleInterrupt: the deadline ends the work with its reason, unless done() came first', async () => {
  const ended: string[] = [];
  const steps = { deadlineMs: 20, work: 'the read-back', first: () => undefined, endNow: (_: NodeJS.Signals, why: string) => ended.push(why) };
  handleInterrupt(steps)('SIGINT');
  const finished = handleInterrupt(steps);
  finished('SIGINT');
  finished.done();
  await sleep(80);
  assert.deepEqual(ended, ['the read-back did not finish within 0.02 s']);
});
