import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_DELAY_MS, parseDuration } from './parse-duration.js';

const cases: Array<[string, { given: string; want: number | RegExp }]> = [
  ['milliseconds', { given: '300ms', want: 300 }],
  ['seconds', { given: '2s', want: 2000 }],
  ['fraction of a second', { given: '1.5s', want: 1500 }],
  ['bare number is ms', { given: '250', want: 250 }],
  ['upper-case unit and spaces', { given: ' 2 S ', want: 2000 }],
  ['zero', { given: '0ms', want: 0 }],
  ['the maximum', { given: `${MAX_DELAY_MS / 1000}s`, want: MAX_DELAY_MS }],
  ['over the maximum', { given: '121s', want: /longer than the 120s/ }],
  ['minutes', { given: '1.5m', want: 90_000 }],
  ['hours are over the maximum of a delay', { given: '1h', want: /longer than the 120s/ }],
  ['days are not a unit', { given: '1d', want: /not a duration: write e\.g\. 300ms, 2s, 1\.5s, 2m or 1h \(a bare number is milliseconds\)/ }],
  ['negative', { given: '-5ms', want: /not a duration/ }],
  ['empty', { given: '', want: /not a duration/ }],
  ['words', { given: 'soon', want: /not a duration/ }],
  ['huge number does not overflow a timer', { given: '99999999999999999999s', want: /longer than/ }],
];
for (const [name, { given, want }] of cases) {
  test(`parseDuration: ${name}`, () => {
    const result = parseDuration(given, { max: MAX_DELAY_MS });
    if (typeof want === 'number') assert.deepEqual(result, { ok: true, ms: want });
    else assert.ok(!result.ok && want.test(result.error), JSON.stringify(result));
  });
}

test('without a max, hours are read too', () => {
  assert.deepEqual(parseDuration('1h'), { ok: true, ms: 3_600_000 });
  assert.deepEqual(parseDuration('2M'), { ok: true, ms: 120_000 });
});
