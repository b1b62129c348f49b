import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXPECTED_FAILURES } from './broken-variant-expectations.js';
import { readFeatureOfScenario, scopeToExpectedFeatures } from './feature-scope.js';

test('every feature has an own tag no other feature has above Feature:', () => {
  const { featureTags } = readFeatureOfScenario();
  assert.ok(featureTags.length >= 19, featureTags.join(' '));
  assert.equal(new Set(featureTags).size, featureTags.length, featureTags.join(' '));
});

test('a variant is run on the features holding its expected failures, and-ed with the given tags', () => {
  // "Delete <index> by id" is an outline of query-body.feature; the create scenarios live in each index's feature.
  assert.equal(scopeToExpectedFeatures(['Delete agents by id', 'Create an event with a new id'], 'not @volume'), '(not @volume) and (@events or @query)');
  assert.equal(scopeToExpectedFeatures(['Delete agents by id', 'Delete events by id'], undefined), '(@query)');
  assert.equal(scopeToExpectedFeatures([], 'not @volume'), 'not @volume');
});

test('an expected failure that is no scenario is refused, not dropped from the scope', () => {
  assert.throws(() => scopeToExpectedFeatures(['A scenario renamed since'], undefined), /"A scenario renamed since" is no scenario of features\//);
  for (const [variant, expected] of Object.entries(EXPECTED_FAILURES)) assert.ok(scopeToExpectedFeatures(expected, undefined), variant);
});
