import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordsInSight } from '../world.js';
import type { CallOutcome } from './call-outcome.js';
import { changeKind, findChanges, saysNothingWasDone } from './nothing-happened-check.js';

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
  assert.deepEqual(changes, [
    { kind: 'created', line: 'events spare created: {"id":"spare"}' },
    { kind: 'created', line: 'events fresh created: {"id":"fresh","n":1}' },
  ]);
});

test('findChanges: a record removed', () => {
  assert.deepEqual(findChanges(sight({ e1: [e1] }), sight({ e1: [] })), [{ kind: 'removed', line: 'events e1 was removed' }]);
});

test('findChanges: a value changed deep inside, and a field gained', () => {
  const [changed] = findChanges(sight({ e1: [e1] }), sight({ e1: [{ ...e1, origin: { host: 'r8' } }] }));
  assert.equal(changed?.kind, 'changed at /origin/host');
  assert.match(changed?.line ?? '', /^events e1 changed at \/origin\/host: \{/);
  const [gained] = findChanges(sight({ e1: [e1] }), sight({ e1: [{ ...e1, note: 'must not be stored' }] }));
  assert.equal(gained?.kind, 'gained /note');
});

test('changeKind: the kind of change between two reads of one record, the same in every run', () => {
  const cases: Array<[Record<string, unknown> | undefined, Record<string, unknown> | undefined, string | undefined]> = [
    [undefined, undefined, undefined],
    [undefined, e1, 'created'],
    [e1, undefined, 'removed'],
    [e1, { ...e1 }, undefined],
    [e1, { ...e1, kind: 'link-up' }, 'changed at /kind'],
    [e1, { id: 'e1', origin: { host: 'r7' } }, 'changed at /kind'],
    [e1, { ...e1, origin: { host: 'r7', port: 1 } }, 'gained /origin/port'],
  ];
  for (const [before, after, want] of cases) assert.equal(changeKind(before, after), want, JSON.stringify([before, after]));
});

test('findChanges: what could not be read either time is not compared', () => {
  assert.deepEqual(findChanges(sight({ e1: 'unreadable' }), sight({ e1: [] })), []);
  assert.deepEqual(findChanges(sight({ e1: [e1] }), sight({ e1: 'unreadable' })), []);
});

const answer = (status: number, data?: unknown): CallOutcome => ({
  operation: 'updateEvent',
  status,
  data,
  rawBody: data === undefined ? '' : JSON.stringify(data),
  headers: {},
});
const item = (code: number, error: boolean) => ({ status: 'x', code, error, message: 'm' });

test('saysNothingWasDone: 204, 304, 404 and every refusal say nothing was done', () => {
  for (const status of [204, 304, 400, 401, 404, 406, 415, 422]) assert.equal(saysNothingWasDone(answer(status)), true, String(status));
  assert.equal(saysNothingWasDone(answer(406, [item(406, true)])), true);
});

test('saysNothingWasDone: a success, and a 5xx, say nothing of the kind', () => {
  for (const status of [200, 201, 205, 500]) assert.equal(saysNothingWasDone(answer(status)), false, String(status));
});

test('saysNothingWasDone: a batch answered 406 whose items say records were created or updated did something', () => {
  assert.equal(saysNothingWasDone(answer(406, [item(201, false), item(406, true)])), false);
  assert.equal(saysNothingWasDone(answer(406, [item(200, false), item(406, true)])), false);
  assert.equal(saysNothingWasDone(answer(304, [item(304, false)])), true);
});
