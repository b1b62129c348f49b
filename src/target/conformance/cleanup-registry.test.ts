import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CleanupRegistry } from './cleanup-registry.js';

test('keeps only ids and markers under the run prefix, once each, newest first', () => {
  const registry = new CleanupRegistry('mk-abc-');
  registry.addId('events', 'mk-abc-e1');
  registry.addId('events', 'p2p'); // not ours: never deleted
  registry.addId('events', 'mk-abc-e1'); // repeat
  registry.addMarker('agents', 'conformance_marker', 'mk-abc-m1');
  registry.addMarker('agents', 'conformance_marker', 'someone-else');
  registry.addId('agents', '3f2a-uuid', 'generated'); // found through the run's own marker
  assert.equal(registry.size, 3);
  assert.deepEqual(registry.entries(), [
    { index: 'events', id: 'mk-abc-e1' },
    { index: 'agents', where: { target: 'conformance_marker', expr: 'mk-abc-m1' } },
    { index: 'agents', id: '3f2a-uuid' },
  ]);
  assert.equal(registry.size, 3, 'entries() takes nothing out');
  assert.deepEqual(registry.drain(), [
    { index: 'agents', id: '3f2a-uuid' },
    { index: 'agents', where: { target: 'conformance_marker', expr: 'mk-abc-m1' } },
    { index: 'events', id: 'mk-abc-e1' },
  ]);
  assert.equal(registry.size, 0);
});

test('drains in waves: each a run of consecutive entries of one index, newest first, so no record goes before a newer one of another index', () => {
  const registry = new CleanupRegistry('mk-abc-');
  registry.addId('networkLinkTypes', 'mk-abc-t1');
  registry.addId('events', 'mk-abc-e1');
  registry.addId('events', 'mk-abc-e2');
  registry.addMarker('events', 'marker', 'mk-abc-m1');
  registry.addId('networkLinkTypes', 'mk-abc-t2');
  registry.addId('agents', 'mk-abc-a1');
  assert.deepEqual(registry.drainInWaves(), [
    [{ index: 'agents', id: 'mk-abc-a1' }],
    [{ index: 'networkLinkTypes', id: 'mk-abc-t2' }],
    [
      { index: 'events', where: { target: 'marker', expr: 'mk-abc-m1' } },
      { index: 'events', id: 'mk-abc-e2' },
      { index: 'events', id: 'mk-abc-e1' },
    ],
    [{ index: 'networkLinkTypes', id: 'mk-abc-t1' }],
  ]);
  assert.equal(registry.size, 0);
  assert.deepEqual(registry.drainInWaves(), []);
});
