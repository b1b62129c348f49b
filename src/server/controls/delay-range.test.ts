import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDelayRange, pickDelay, toDelayRange, type DelaySetting } from './delay-range.js';

const cases: Array<[string, { given: DelaySetting; want: [number, number] | RegExp }]> = [
  ['fixed ms', { given: '300ms', want: [300, 300] }],
  ['fixed s', { given: '2s', want: [2000, 2000] }],
  ['range in ms (unit on the upper bound)', { given: '100-800ms', want: [100, 800] }],
  ['range in s', { given: '1-2s', want: [1000, 2000] }],
  ['mixed units', { given: '500ms-2s', want: [500, 2000] }],
  ['range without unit is ms', { given: '100-800', want: [100, 800] }],
  ['a number', { given: 250, want: [250, 250] }],
  ['an object', { given: { minMs: 10, maxMs: 20 }, want: [10, 20] }],
  ['lower above upper', { given: '800-100ms', want: /lower bound is above/ }],
  ['three parts', { given: '1-2-3ms', want: /not a duration or a range/ }],
  ['bad lower', { given: 'x-800ms', want: /not a duration/ }],
  ['bad upper', { given: '100-soon', want: /not a duration/ }],
  ['over the maximum', { given: '1-200s', want: /longer than/ }],
  ['negative number', { given: -1, want: /between 0 and/ }],
  ['NaN', { given: Number.NaN, want: /between 0 and/ }],
  ['object out of range', { given: { minMs: 0, maxMs: 1e9 }, want: /between 0 and/ }],
];
for (const [name, { given, want }] of cases) {
  test(`parseDelayRange: ${name}`, () => {
    const result = parseDelayRange(given);
    if (Array.isArray(want)) assert.deepEqual(result, { ok: true, range: { minMs: want[0], maxMs: want[1] } });
    else assert.ok(!result.ok && want.test(result.error), JSON.stringify(result));
  });
}

test('toDelayRange throws a RangeError naming the problem', () => {
  assert.throws(
    () => toDelayRange('fast'),
    (e: unknown) => e instanceof RangeError && /"fast" is not a duration/.test(e.message),
  );
});

test('pickDelay stays within the range, both ends reachable', () => {
  const range = { minMs: 100, maxMs: 800 };
  assert.equal(
    pickDelay(range, () => 0),
    100,
  );
  assert.equal(
    pickDelay(range, () => 0.999999),
    800,
  );
  assert.equal(
    pickDelay(range, () => 0.5),
    450,
  );
  assert.equal(
    pickDelay({ minMs: 300, maxMs: 300 }, () => 0.7),
    300,
  );
  for (let i = 0; i < 200; i++) {
    const ms = pickDelay(range);
    assert.ok(ms >= 100 && ms <= 800 && Number.isInteger(ms), String(ms));
  }
});
