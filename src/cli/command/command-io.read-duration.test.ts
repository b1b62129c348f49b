import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDuration } from './command-io.js';

const rows: Array<[string, number]> = [
  ['500ms', 500],
  ['60s', 60_000],
  ['1.5s', 1500],
  ['2m', 120_000],
  ['1h', 3_600_000],
  [' 2S ', 2000],
  ['0s', 0],
];
for (const [text, want] of rows)
  test(`readDuration(${JSON.stringify(text)}) → ${want} ms`, () => assert.deepEqual(readDuration(text, '--timeout'), { ok: true, ms: want }));

test('a bare number is refused for one release, naming both spellings and why', () => {
  const result = readDuration('90', '--timeout');
  assert.equal(result.ok, false);
  assert.match(
    !result.ok ? result.error : '',
    /^--timeout 90: give the unit — 90s for seconds, 90ms for milliseconds\. --timeout read a bare number as seconds until now, while every other duration of mgmt-kit \(--delay, x-mgmt-kit-delay, fault rules\) reads it as milliseconds/,
  );
});

for (const text of ['soon', '', '-1s', '1d']) {
  test(`readDuration(${JSON.stringify(text)}) is refused with the grammar`, () => {
    const result = readDuration(text, '--time-budget');
    assert.ok(!result.ok && /^".*" is not a duration: write e\.g\. 300ms, 2s, 1\.5s, 2m or 1h$/.test(result.error), JSON.stringify(result));
  });
}
