import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareRange, numericExpr, type RangeOperator } from './compare-range.js';

const cases: Array<[string, { value: unknown; op: RangeOperator; expr: string | number; want: boolean }]> = [
  ['a number against a numeric string compares as numbers', { value: 9, op: 'lt', expr: '10', want: true }],
  ['… not as strings ("9" > "10")', { value: 9, op: 'gt', expr: '10', want: false }],
  ['a number against a number', { value: 16, op: 'gte', expr: 16, want: true }],
  ['lte on the bound', { value: 2.5, op: 'lte', expr: '2.5', want: true }],
  ['lt on the bound', { value: 2.5, op: 'lt', expr: '2.5', want: false }],
  ['exponent notation', { value: 2000, op: 'gt', expr: '1.5e3', want: true }],
  ['negative numbers', { value: -3, op: 'lt', expr: '-2', want: true }],
  ['a number against a text that is not numeric never matches', { value: 5, op: 'gt', expr: 'abc', want: false }],
  ['… nor against an empty text', { value: 0, op: 'gte', expr: '', want: false }],
  ['strings compare as strings', { value: '2024-05-01', op: 'gte', expr: '2024-01-01', want: true }],
  ['a numeric string stored is a string ("9" > "10")', { value: '9', op: 'gt', expr: '10', want: true }],
  ['a string against a number uses its JSON text', { value: 'b', op: 'gt', expr: 10, want: true }],
  ['strings by code unit, upper case first', { value: 'Z', op: 'lt', expr: 'a', want: true }],
  ['booleans never match', { value: true, op: 'gte', expr: '0', want: false }],
  ['absent never matches', { value: undefined, op: 'lt', expr: '1', want: false }],
  ['null never matches', { value: null, op: 'lt', expr: '1', want: false }],
  ['objects never match', { value: { a: 1 }, op: 'gt', expr: '0', want: false }],
];
for (const [name, { value, op, expr, want }] of cases) {
  test(`compareRange: ${name}`, () => assert.equal(compareRange(value, op, expr), want));
}

test('numericExpr: numbers and numeric strings only', () => {
  assert.equal(numericExpr(' 42 '), 42);
  assert.equal(numericExpr('0x10'), 16); // Number() reads hex; harmless, documented as "a numeric string"
  for (const expr of ['', ' ', 'ten', '1e400', Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(numericExpr(expr), undefined, String(expr));
});
