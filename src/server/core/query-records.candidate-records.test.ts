import assert from 'node:assert/strict';
import { test } from 'node:test';
import { candidateRecords, pinnedId } from './query-records.js';
import { IndexStore } from './index-store.js';
import { applyQuery } from './query/apply-query.js';
import type { Clause } from './query/match-clause.js';

const RECORDS = [
  { id: 'a', kind: 'up', n: 1 },
  { id: 'b', kind: 'down', n: 2 },
  { id: 'c', kind: 'up', id2: 'a' },
  { id: '1', kind: 'x' },
];
const store = new IndexStore();
for (const record of RECORDS) store.put(record);

const eq = (target: string, expr: string): Clause => ({ op: 'equals', target, expr });
const clauses: Array<Clause | undefined> = [
  undefined,
  eq('id', 'b'),
  eq('id', 'zz'),
  eq('id', '1'),
  eq('kind', 'up'),
  eq('n', '2'),
  eq('id2', 'a'),
  { op: 'and', clauses: [eq('kind', 'up'), eq('id', 'c')] },
  { op: 'and', clauses: [eq('kind', 'down'), eq('id', 'c')] },
  { op: 'or', clauses: [eq('id', 'a'), eq('id', 'b')] },
  { op: 'not', clause: eq('id', 'a') },
];

for (const id of [undefined, 'a', 'b', 'zz']) {
  for (const where of clauses) {
    test(`path id ${id ?? '–'}, where ${JSON.stringify(where ?? null)}: the id index finds what a full scan finds`, () => {
      const scanned = RECORDS.filter((r) => id === undefined || r.id === id);
      assert.deepEqual(applyQuery(candidateRecords(store, id, where), where ? { where } : {}), applyQuery(scanned, where ? { where } : {}));
    });
  }
}

test('pinnedId: equals on id, alone or inside an and; or, not and other targets pin nothing', () => {
  assert.equal(pinnedId(eq('id', 'a')), 'a');
  assert.equal(pinnedId({ op: 'and', clauses: [eq('kind', 'up'), { op: 'and', clauses: [eq('id', 'c')] }] }), 'c');
  assert.equal(pinnedId({ op: 'or', clauses: [eq('id', 'a')] }), undefined);
  assert.equal(pinnedId({ op: 'not', clause: eq('id', 'a') }), undefined);
  assert.equal(pinnedId(eq('kind', 'a')), undefined);
  assert.equal(pinnedId(undefined), undefined);
});

test('a path id or a where pinning the id is answered from the id index, without a scan', () => {
  const spy = new IndexStore();
  for (const record of RECORDS) spy.put(record);
  spy.values = () => {
    throw new Error('scanned');
  };
  assert.deepEqual(candidateRecords(spy, undefined, eq('id', 'b')), [RECORDS[1]]);
  assert.deepEqual(candidateRecords(spy, 'c', undefined), [RECORDS[2]]);
  assert.deepEqual(candidateRecords(spy, 'zz', undefined), []);
});
