import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchWhere, readTarget } from './match-where.js';

const record = {
  id: 'p2p',
  name: 'Point to Point',
  max: 4,
  ratio: 0.5,
  shared: false,
  none: null,
  tags: ['a'],
  config: { cmd: 'run', nested: { level: 2 } },
  'dotted.key': 'literal',
};

const cases: Array<[string, { target: string; expr: string; want: boolean }]> = [
  ['string exact', { target: 'id', expr: 'p2p', want: true }],
  ['string is case-sensitive', { target: 'name', expr: 'point to point', want: false }],
  ['string no partial match', { target: 'name', expr: 'Point', want: false }],
  ['number by JSON text', { target: 'max', expr: '4', want: true }],
  ['number text must be exact', { target: 'max', expr: '4.0', want: false }],
  ['fraction', { target: 'ratio', expr: '0.5', want: true }],
  ['boolean by JSON text', { target: 'shared', expr: 'false', want: true }],
  ['null never matches', { target: 'none', expr: 'null', want: false }],
  ['array never matches', { target: 'tags', expr: 'a', want: false }],
  ['absent field', { target: 'type_id', expr: '', want: false }],
  ['dotted target descends', { target: 'config.cmd', expr: 'run', want: true }],
  ['two levels', { target: 'config.nested.level', expr: '2', want: true }],
  ['literal dotted key wins', { target: 'dotted.key', expr: 'literal', want: true }],
  ['inherited names are not fields', { target: 'constructor', expr: 'function Object() { [native code] }', want: false }],
  ['__proto__ is not a field here', { target: '__proto__', expr: '[object Object]', want: false }],
];

for (const [name, { target, expr, want }] of cases) {
  test(`matchWhere: ${name}`, () => assert.equal(matchWhere(record, { target, expr }), want));
}

test('readTarget stops at non-objects', () => {
  assert.equal(readTarget(record, 'id.length'), undefined);
  assert.equal(readTarget(record, 'tags.0'), undefined);
});
