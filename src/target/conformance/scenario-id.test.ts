import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFeatureScenarios } from './read-feature-scenarios.js';
import { PACKAGE_ROOT } from './run-conformance.js';
import { scenarioId } from './scenario-id.js';

test('scenario ids are unique across every feature, outline rows included (names alone are not)', () => {
  const scenarios = readFeatureScenarios(join(PACKAGE_ROOT, 'features'));
  const ids = scenarios.map((s) => scenarioId(`features/${s.file}`, s.name, Object.values(s.example)));
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  assert.deepEqual(twice, []);
  const names = scenarios.map((s) => s.name);
  assert.ok(new Set(names).size < names.length, 'some scenario names repeat: the id is what tells them apart');
  assert.ok(ids.length > 400, `${ids.length} scenarios`);
});

test('the id: the feature file name and the scenario name, and the row cells of an outline as written', () => {
  assert.equal(scenarioId('features/event.feature', 'Create an event with a new id'), 'event.feature: Create an event with a new id');
  assert.equal(
    scenarioId('/abs/features/media-type.feature', 'Create <index>', ['events', 'application/json; charset=utf-8']),
    'media-type.feature: Create <index> [events | application/json; charset=utf-8]',
  );
});
