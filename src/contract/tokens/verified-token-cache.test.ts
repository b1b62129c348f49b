import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isWithinWindow, VerifiedTokenCache, type TokenWindow } from './verified-token-cache.js';

const windows: Array<[string, { window: TokenWindow; now: number; want: boolean }]> = [
  ['no exp, no nbf', { window: {}, now: 100, want: true }],
  ['exp in the future', { window: { exp: 101 }, now: 100, want: true }],
  ['exp now (jose: exp <= now is expired)', { window: { exp: 100 }, now: 100, want: false }],
  ['exp past', { window: { exp: 99 }, now: 100, want: false }],
  ['nbf now (jose: nbf > now is not yet valid)', { window: { nbf: 100 }, now: 100, want: true }],
  ['nbf in the future', { window: { nbf: 101 }, now: 100, want: false }],
  ['inside nbf..exp', { window: { nbf: 90, exp: 110 }, now: 100, want: true }],
];

for (const [name, { window, now, want }] of windows) {
  test(`isWithinWindow: ${name}`, () => assert.equal(isWithinWindow(window, now), want));
}

/** What the authenticator asks: a token the cache holds, whose window still holds. */
function accepts(cache: VerifiedTokenCache, token: string): boolean {
  const window = cache.windowOf(token);
  return window !== undefined && cache.isOpen(token, window);
}

/** A cache whose clock reads `seconds()` (the cache takes epoch milliseconds, as jose does). */
function cacheAt(maxEntries: number, seconds: () => number): VerifiedTokenCache {
  return new VerifiedTokenCache(maxEntries, () => seconds() * 1000);
}

test('a hit is checked against the clock every time, and an entry whose window is over is dropped', () => {
  let now = 100;
  const cache = cacheAt(10, () => now);
  cache.add('t', { exp: 105 });
  assert.equal(accepts(cache, 't'), true);
  now = 104;
  assert.equal(accepts(cache, 't'), true);
  now = 105;
  assert.equal(accepts(cache, 't'), false);
  assert.equal(cache.size, 0);
  now = 100; // a clock set back does not bring it back: it must be verified again
  assert.equal(accepts(cache, 't'), false);
});

test('a cached token is refused when the clock goes back before its nbf', () => {
  let now = 100;
  const cache = cacheAt(10, () => now);
  cache.add('t', { nbf: 100 });
  now = 99;
  assert.equal(accepts(cache, 't'), false);
  assert.equal(cache.size, 0);
});

test('a token outside its window is never stored', () => {
  const cache = cacheAt(10, () => 100);
  cache.add('expired', { exp: 100 });
  cache.add('early', { nbf: 101 });
  assert.equal(cache.size, 0);
  assert.equal(accepts(cache, 'unknown'), false);
});

test('the cache is bounded: the oldest entry goes first; size 0 keeps nothing', () => {
  const cache = cacheAt(3, () => 100);
  for (const token of ['a', 'b', 'c', 'd']) cache.add(token, {});
  assert.equal(cache.size, 3);
  assert.deepEqual(
    ['a', 'b', 'c', 'd'].map((t) => accepts(cache, t)),
    [false, true, true, true],
  );
  const none = cacheAt(0, () => 100);
  none.add('a', {});
  assert.equal(none.size, 0);
});
