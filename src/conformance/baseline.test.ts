import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stableFailureLine } from '../run/stable-failure-line.js';
import { buildBaseline, compareWithBaseline, findTodoReasons, formatBaseline, parseBaseline, type Baseline } from './baseline.js';
import type { ScenarioResult } from './collect-scenario-results.js';

function scenario(name: string, status: ScenarioResult['status'], error?: string): ScenarioResult {
  return { name, uri: 'features/x.feature', tags: [], status, calls: [], ...(error ? { error } : {}) };
}

const refused: Array<[string, { text: string; error: RegExp }]> = [
  ['text that is not JSON', { text: '{', error: /not valid JSON/ }],
  ['a list without the wrapper object', { text: '[]', error: /"expectedFailures" list/ }],
  ['an entry without a scenario', { text: '{"expectedFailures":[{"reason":"r"}]}', error: /expectedFailures\[0\]: "scenario"/ }],
  ['an entry without a reason', { text: '{"expectedFailures":[{"scenario":"A"}]}', error: /\(A\): "reason" must say why/ }],
  ['a blank reason', { text: '{"expectedFailures":[{"scenario":"A","reason":"  "}]}', error: /"reason" must say why/ }],
  ['a scenario listed twice', { text: '{"expectedFailures":[{"scenario":"A","reason":"r"},{"scenario":"A","reason":"s"}]}', error: /listed twice/ }],
];

for (const [name, { text, error }] of refused) {
  test(`parseBaseline refuses ${name}`, () => {
    const result = parseBaseline(text);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.error, error);
  });
}

test('parseBaseline reads entries and ignores keys it does not know (about, …)', () => {
  const result = parseBaseline('{"about":"x","expectedFailures":[{"scenario":"A","feature":"features/a.feature","reason":"ticket 12"}]}');
  assert.deepEqual(result, { ok: true, baseline: { expectedFailures: [{ scenario: 'A', feature: 'features/a.feature', reason: 'ticket 12' }] } });
});

const baseline: Baseline = {
  expectedFailures: [
    { scenario: 'Still broken', reason: 'r1' },
    { scenario: 'Fixed now', reason: 'r2' },
    { scenario: 'Filtered out', reason: 'r3' },
    { scenario: 'Renamed long ago', reason: 'r4' },
  ],
};

test('compareWithBaseline: every entry gets its outcome, and only unlisted failures are new', () => {
  const run = [
    scenario('Still broken', 'failed', 'expected 406'),
    scenario('Fixed now', 'passed'),
    scenario('Filtered out', 'not-selected'),
    scenario('Broken today', 'failed', 'expected 201'),
    scenario('Fine', 'passed'),
  ];
  const comparison = compareWithBaseline(run, baseline);
  assert.deepEqual(
    comparison.entries.map((e) => [e.scenario, e.outcome, e.error]),
    [
      ['Still broken', 'still failing', 'expected 406'],
      ['Fixed now', 'now passing', undefined],
      ['Filtered out', 'not run', undefined],
      ['Renamed long ago', 'not in the suite', undefined],
    ],
  );
  assert.deepEqual(comparison.newFailures, ['Broken today']);
});

test('buildBaseline lists every failure, keeps known reasons, and round-trips through the file format', () => {
  const run = [scenario('Still broken', 'failed', 'expected 406\nmore'), scenario('Broken today', 'failed', 'expected 201'), scenario('Fine', 'passed')];
  const written = buildBaseline(run, baseline);
  assert.deepEqual(written.expectedFailures, [
    { scenario: 'Still broken', feature: 'features/x.feature', reason: 'r1' },
    { scenario: 'Broken today', feature: 'features/x.feature', reason: 'TODO: say why this is accepted. It failed with: expected 201' },
  ]);
  const reread = parseBaseline(formatBaseline(written));
  assert.deepEqual(reread, { ok: true, baseline: written });
  assert.deepEqual(compareWithBaseline(run, written).newFailures, []);
});

test('a written reason names no run-specific id, so the same failure writes the same baseline in every run', () => {
  const error = 'readEventById of mk-00b6f3-e1 answered 404, expected 200 (fz-a1b2c3-x too)\nsecond line';
  assert.equal(stableFailureLine(error), 'readEventById of mk-…-e1 answered 404, expected 200 (fz-…-x too)');
  assert.equal(stableFailureLine(error.replace('00b6f3', 'ffee01')), stableFailureLine(error));
  const written = buildBaseline([{ name: 'S', uri: 'features/x.feature', tags: [], status: 'failed', calls: [], error }]);
  assert.equal(
    written.expectedFailures[0]?.reason,
    'TODO: say why this is accepted. It failed with: readEventById of mk-…-e1 answered 404, expected 200 (fz-…-x too)',
  );
});

test('findTodoReasons names the entries whose reason was never filled in', () => {
  const baseline: Baseline = {
    expectedFailures: [
      { scenario: 'A', reason: 'TODO: say why this is accepted. It failed with: x' },
      { scenario: 'B', reason: 'MGMT-12: duplicates overwrite until 4.2' },
      { scenario: 'C', reason: '  todo later' },
    ],
  };
  assert.deepEqual(findTodoReasons(baseline), ['A', 'C']);
});
