import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRecords } from './find-records.js';
import { IndexStore } from './index-store.js';
import { matchWhere, type WhereEquals } from './match-where.js';

const RECORDS = [
  { id: 'a', kind: 'up', n: 1 },
  { id: 'b', kind: 'down', n: 2 },
  { id: 'c', kind: 'up', id2: 'a' },
  { id: '1', kind: 'x' },
];
const store = new IndexStore();
for (const record of RECORDS) store.put(record);

/** The definition: every record, narrowed by the path id, then by where.equals, with a full scan. */
function scan(id: string | undefined, equals: WhereEquals | undefined) {
  return RECORDS.filter((r) => (id === undefined || r.id === id) && (equals === undefined || matchWhere(r, equals)));
}

const cases: Array<[string | undefined, WhereEquals | undefined]> = [
  [undefined, undefined],
  ['a', undefined],
  ['zz', undefined],
  [undefined, { target: 'id', expr: 'b' }],
  [undefined, { target: 'id', expr: 'zz' }],
  [undefined, { target: 'id', expr: '1' }],
  [undefined, { target: 'kind', expr: 'up' }],
  [undefined, { target: 'n', expr: '2' }],
  [undefined, { target: 'id2', expr: 'a' }],
  ['a', { target: 'id', expr: 'a' }],
  ['a', { target: 'id', expr: 'b' }],
  ['a', { target: 'kind', expr: 'up' }],
  ['b', { target: 'kind', expr: 'up' }],
];

for (const [id, equals] of cases) {
  test(`findRecords with path id ${id ?? '–'} and where ${JSON.stringify(equals ?? null)} finds what a full scan finds`, () => {
    assert.deepEqual(findRecords(store, id, equals), scan(id, equals));
  });
}

test('a where.equals on id is answered from the id index (the other records are never matched)', () => {
  const spy = new IndexStore();
  for (const record of RECORDS) spy.put(record);
  spy.values = () => {
    throw new Error('scanned');
  };
  assert.deepEqual(findRecords(spy, undefined, { target: 'id', expr: 'b' }), [RECORDS[1]]);
  assert.deepEqual(findRecords(spy, 'c', undefined), [RECORDS[2]]);
});
