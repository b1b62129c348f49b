import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReferenceCore, SeedError } from './reference-core.js';
import type { StoreChangeCause } from './store-controls.js';

const json = (method: string, path: string, body?: unknown) => ({
  method,
  path,
  headers: { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

function observed() {
  const core = createReferenceCore({ seed: { event: [{ id: 'seeded', kind: 'a' }] } });
  const causes: StoreChangeCause[] = [];
  const stop = core.onChange((cause) => causes.push(cause));
  return { core, causes, stop };
}

test('onChange: one call per request that changed records, a batch included; none for reads and refusals', async () => {
  const { core, causes } = observed();
  await core.handle(json('POST', '/event', [{ id: 'b1' }, { id: 'b2' }, { id: 'b3' }]));
  assert.deepEqual(causes, ['records'], 'a batch of three is one change');
  await core.handle(json('GET', '/event'));
  await core.handle(json('POST', '/event', { id: 'b1' })); // 406 Id already found
  await core.handle(json('PUT', '/event/b1', { id: 'b1' })); // 304 nothing to change
  await core.handle(json('DELETE', '/event/nothing-here'));
  await core.handle(json('POST', '/type/network-link', { id: 'mesh' })); // 406 name required
  assert.deepEqual(causes, ['records'], 'reads, refusals and no-op updates or deletes change nothing');
  await core.handle(json('PUT', '/event/b1', { kind: 'changed' }));
  await core.handle(json('DELETE', '/event/b2'));
  assert.deepEqual(causes, ['records', 'records', 'records']);
});

test('onChange: reset, replaceState and replaceSeed name themselves; refused ones are not reported; the returned function stops the calls', () => {
  const { core, causes, stop } = observed();
  core.reset();
  assert.deepEqual(core.replaceState({ event: [{ id: 'x' }] }), []);
  assert.deepEqual(core.replaceSeed({ agent: [{ id: 'a1' }] }), []);
  assert.deepEqual(causes, ['reset', 'state', 'seed']);
  assert.notDeepEqual(core.replaceState({ links: [] }), []);
  assert.notDeepEqual(core.replaceSeed([]), []);
  assert.equal(causes.length, 3, 'a refused state or seed changed nothing');
  stop();
  core.reset();
  assert.equal(causes.length, 3);
});

test('onChange: every listener is told; removing one leaves the others', () => {
  const core = createReferenceCore();
  const told: string[] = [];
  const stopA = core.onChange(() => told.push('a'));
  core.onChange(() => told.push('b'));
  core.reset();
  stopA();
  core.reset();
  assert.deepEqual(told, ['a', 'b', 'b']);
});

test('initialState: the core starts from it (no preload added); reset goes back to preload + seed', () => {
  const core = createReferenceCore({
    seed: { event: [{ id: 'seeded', kind: 'a' }] },
    initialState: { event: [{ id: 'saved', kind: 'b' }], 'network-link-type': [{ id: 'mesh', name: 'Mesh' }] },
  });
  assert.deepEqual(core.state(), { event: [{ id: 'saved', kind: 'b' }], 'network-link-type': [{ id: 'mesh', name: 'Mesh' }], agent: [] });
  core.reset();
  assert.deepEqual(core.state().event, [{ id: 'seeded', kind: 'a' }]);
  assert.deepEqual(
    core.state()['network-link-type'].map((r) => r.id),
    ['p2p', 'slice'],
  );
});

test("initialState is checked as a seed is: its problems are named as the initial state's", () => {
  assert.throws(
    () => createReferenceCore({ initialState: { 'network-link-type': [{ id: 'x' }] } }),
    (error: unknown) => error instanceof SeedError && error.problems[0] === 'initial state: network-link-type[0]: {"name":"required"}',
  );
});
