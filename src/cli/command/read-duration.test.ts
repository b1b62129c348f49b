import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDuration } from './read-duration.js';

const rows: Array<[string, number | undefined]> = [
  ['500ms', 500],
  ['60s', 60_000],
  ['1.5s', 1500],
  ['2m', 120_000],
  ['1h', 3_600_000],
  ['90', 90_000],
  [' 2s ', 2000],
  ['0s', 0],
  ['soon', undefined],
  ['', undefined],
  ['-1s', undefined],
  ['1d', undefined],
];
for (const [text, want] of rows) test(`readDuration(${JSON.stringify(text)}) → ${want}`, () => assert.equal(readDuration(text), want));
