import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordsInSight } from './action-watch.js';
import { findChanges } from './records-in-sight.js';

type Records = Array<Record<string, unknown>> | 'unreadable';

/** Looks at events by id: id → the records read under it. */
function sight(byId: Record<string, Records>): RecordsInSight {
  return new Map(Object.entries(byId).map(([id, records]) => [`events ${id}`, { entry: { index: 'events' as const, id }, records }]));
}

const e1 = { id: 'e1', kind: 'link-down', origin: { host: 'r7' } };

test('findChanges: the same records, fields in another order, are no change', () => {
  assert.deepEqual(findChanges(sight({ e1: [e1], spare: [] }), sight({ e1: [{ origin: { host: 'r7' }, kind: 'link-down', id: 'e1' }], spare: [] })), []);
});

test('findChanges: a record created under a spare id, or under an id named after the first look', () => {
  const changes = findChanges(sight({ spare: [] }), sight({ spare: [{ id: 'spare' }], fresh: [{ id: 'fresh', n: 1 }] }));
  assert.deepEqual(changes, ['events spare was created: {"id":"spare"}', 'events fresh was created: {"id":"fresh","n":1}']);
});

test('findChanges: a record removed', () => {
  assert.deepEqual(findChanges(sight({ e1: [e1] }), sight({ e1: [] })), ['events e1 was removed']);
});

test('findChanges: a value changed deep inside, and a field gained', () => {
  const [changed] = findChanges(sight({ e1: [e1] }), sight({ e1: [{ ...e1, origin: { host: 'r8' } }] }));
  assert.match(changed ?? '', /^events e1 changed at \/origin\/host: expected "r7", got "r8"/);
  const [gained] = findChanges(sight({ e1: [e1] }), sight({ e1: [{ ...e1, note: 'must not be stored' }] }));
  assert.match(gained ?? '', /^events e1 gained \/note: "must not be stored"/);
});

test('findChanges: what could not be read either time is not compared', () => {
  assert.deepEqual(findChanges(sight({ e1: 'unreadable' }), sight({ e1: [] })), []);
  assert.deepEqual(findChanges(sight({ e1: [e1] }), sight({ e1: 'unreadable' })), []);
});
