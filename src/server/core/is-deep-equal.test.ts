import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDeepEqual } from './is-deep-equal.js';

const equal: Array<[unknown, unknown]> = [
  ['a', 'a'],
  [830, 830],
  [null, null],
  [[], []],
  [
    ['core', { port: 830 }],
    ['core', { port: 830 }],
  ],
  [
    { a: 1, b: { c: [true] } },
    { b: { c: [true] }, a: 1 },
  ], // field order does not matter
];
const unequal: Array<[unknown, unknown]> = [
  ['a', 'b'],
  [830, '830'],
  [null, {}],
  [['core'], ['core', 'edge']],
  [
    ['core', 'edge'],
    ['edge', 'core'],
  ],
  [['core', 'edge'], { 0: 'core', 1: 'edge' }],
  [{ 0: 'core', 1: 'edge' }, ['core', 'edge']],
  [{ name: 'r1' }, { name: 'r1', port: 830 }],
  [{ name: 'r1', port: 830 }, { name: 'r1' }],
  [{ a: 1 }, { b: 1 }],
  [{ a: undefined }, { b: undefined }],
  [[{ name: 'r1' }], [{ name: 'r1', port: 830 }]],
];

for (const [a, b] of equal) test(`${JSON.stringify(a)} equals ${JSON.stringify(b)}`, () => assert.equal(isDeepEqual(a, b), true));
for (const [a, b] of unequal) test(`${JSON.stringify(a)} differs from ${JSON.stringify(b)}`, () => assert.equal(isDeepEqual(a, b), false));
