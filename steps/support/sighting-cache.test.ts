import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CallOutcome } from './call-outcome.js';
import { SightingCache, sightingOf } from './sighting-cache.js';

const answer = (status: number, data: unknown): CallOutcome => ({ operation: 'readEventById', status, data, rawBody: JSON.stringify(data), headers: {} });
const entry = { index: 'events', id: 'e1' } as const;
const stored = sightingOf(entry, answer(200, [{ id: 'e1', kind: 'x' }]));

test('sightingOf: the named record of a readable answer, none on 404, unreadable otherwise', () => {
  assert.deepEqual(stored.records, [{ id: 'e1', kind: 'x' }]);
  assert.deepEqual(sightingOf(entry, answer(200, [{ id: 'other' }])).records, []);
  assert.deepEqual(sightingOf(entry, answer(404, { code: 404 })).records, []);
  assert.equal(sightingOf(entry, answer(500, {})).records, 'unreadable');
  const marked = sightingOf(
    { index: 'events', where: { target: 'mark', expr: 'm' } },
    answer(200, [
      { id: 'a', mark: 'm' },
      { id: 'b', mark: 'n' },
    ]),
  );
  assert.deepEqual(marked.records, [{ id: 'a', mark: 'm' }]);
});

test('SightingCache: a read keeps its sighting until a call that may change what is stored', () => {
  const cases: { name: string; between: (cache: SightingCache) => void; kept: boolean }[] = [
    { name: 'nothing in between', between: () => {}, kept: true },
    { name: 'a write began or ended while the read was under way', between: (cache) => cache.invalidate(), kept: false },
  ];
  for (const { name, between, kept } of cases) {
    const cache = new SightingCache();
    const stamp = cache.stamp();
    between(cache);
    cache.fill(stored, stamp);
    assert.equal(cache.get(entry) === stored, kept, name);
  }
  const cache = new SightingCache();
  cache.fill(stored, cache.stamp());
  cache.invalidate();
  assert.equal(cache.get(entry), undefined, 'a write after the read empties it');
  cache.fill(sightingOf(entry, answer(503, {})), cache.stamp());
  assert.equal(cache.get(entry), undefined, 'an unreadable sighting is never kept: the look reads again');
});

test('SightingCache: a read that ends while a write sent before it is still under way is not kept', () => {
  const cache = new SightingCache();
  cache.changeBegins();
  cache.fill(stored, cache.stamp());
  assert.equal(cache.get(entry), undefined, 'the write may still change the record');
  cache.changeEnds();
  cache.fill(stored, cache.stamp());
  assert.equal(cache.get(entry), stored, 'once it ended, a read after it is kept');
});
