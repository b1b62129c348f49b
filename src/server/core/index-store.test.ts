import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IndexStore } from './index-store.js';

test('put stores a frozen copy: the caller may change its object, the store does not see it', () => {
  const store = new IndexStore();
  const record = { id: 'a', geo: { lat: 1 } };
  store.put(record);
  record.geo.lat = 2;
  assert.deepEqual(store.peek('a'), { id: 'a', geo: { lat: 1 } });
  assert.equal(Object.isFrozen(record), false, "the caller's object is left alone");
});

test('peek and values hand out the stored records themselves, deep-frozen: writing throws and changes nothing', () => {
  const store = new IndexStore();
  store.put({ id: 'a', geo: { lat: 1 }, tags: ['x'] });
  const peeked = store.peek('a')!;
  assert.equal(peeked, [...store.values()][0]);
  assert.throws(() => ((peeked as { name?: string }).name = 'changed'), TypeError);
  assert.throws(() => ((peeked['geo'] as { lat: number }).lat = 2), TypeError);
  assert.throws(() => (peeked['tags'] as string[]).push('y'), TypeError);
  assert.deepEqual(store.peek('a'), { id: 'a', geo: { lat: 1 }, tags: ['x'] });
});

test('get and list hand out mutable copies', () => {
  const store = new IndexStore();
  store.put({ id: 'a', geo: { lat: 1 } });
  const copy = store.get('a')!;
  (copy['geo'] as { lat: number }).lat = 2;
  store.list()[0]!['id'] = 'b';
  assert.deepEqual(store.peek('a'), { id: 'a', geo: { lat: 1 } });
});

test('adopt stores the record itself, frozen deep in place; replacing keeps the insertion order', () => {
  const store = new IndexStore();
  store.put({ id: 'a' });
  store.put({ id: 'b' });
  const merged = { id: 'a', geo: { lat: 3 } };
  store.adopt(merged);
  assert.equal(store.peek('a'), merged);
  assert.ok(Object.isFrozen(merged) && Object.isFrozen(merged.geo));
  assert.deepEqual(
    [...store.values()].map((r) => r.id),
    ['a', 'b'],
  );
});

test('an object frozen only at the top still gets its children frozen', () => {
  const store = new IndexStore();
  const shallow = Object.freeze({ id: 'a', geo: { lat: 1 } });
  store.adopt(shallow);
  assert.ok(Object.isFrozen(shallow.geo));
});

test('revision moves on every change and only then', () => {
  const store = new IndexStore();
  const readings = [store.revision];
  store.put({ id: 'a' });
  readings.push(store.revision);
  store.adopt({ id: 'b' });
  readings.push(store.revision);
  store.get('a');
  store.list();
  store.delete('missing');
  readings.push(store.revision);
  store.delete('a');
  readings.push(store.revision);
  store.clear();
  readings.push(store.revision);
  assert.deepEqual(readings, [0, 1, 2, 2, 3, 4]);
});
