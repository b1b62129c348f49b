import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findTodoReasons, formatBaseline, OLD_FORMAT_ERROR, parseBaseline, TODO_REASON, type Baseline, type BaselineEntry } from './baseline.js';
import { buildBaseline } from './build-baseline.js';
import type { ScenarioCheck, ScenarioResult } from './collect-scenario-results.js';
import { compareWithBaseline, pairsWith } from './compare-with-baseline.js';

const scenario = (id: string, status: ScenarioResult['status'], checks: ScenarioCheck[] = [], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  id,
  name: id,
  uri: 'features/x.feature',
  tags: [],
  status,
  calls: [],
  checks,
  setup: [],
  cleanupLeft: [],
  ...extra,
});
const failed = (id: string, observed: string): ScenarioCheck => ({ id, passed: false, expected: '201', observed, message: `${id} observed ${observed}` });
const passed = (id: string): ScenarioCheck => ({ id, passed: true, expected: '201', observed: '', message: id });
const setupBlocked = { step: 'an event exists', id: 'setup/create', observed: '406', message: 'create answered 406' };
const entry = (check: string, observed: string, scenarios: string[], extra: Partial<BaselineEntry> = {}): BaselineEntry => ({
  check,
  observed,
  reason: 'MGMT-1',
  scenarios,
  ...extra,
});
const file = (deviations: unknown[]) => JSON.stringify({ format: 2, deviations });

const refused: Array<[string, string, RegExp]> = [
  ['text that is not JSON', '{', /not valid JSON/],
  ['a list without the wrapper object', '[]', /an object with "format": 2/],
  ['the old format (scenario names)', '{"expectedFailures":[{"scenario":"A","reason":"r"}]}', /old format .*--write-baseline FILE/],
  ['an unknown format', '{"format":3,"deviations":[]}', /"format" 3 is not one this mgmt-kit reads \(2\)/],
  ['no deviations list', '{"format":2}', /a "deviations" list/],
  ['an object without a format', '{"name":"mgmt-kit"}', /an object with "format": 2 and a "deviations" list/],
  ['an entry that is not an object', file(['x']), /^deviations\[0\]: must be an object$/],
  ['an entry without a check', file([{ observed: '200', reason: 'r', scenarios: ['A'] }]), /^deviations\[0\]: "check" must be a check id/],
  ['a check id without its rule', file([{ check: 'status', observed: '200', reason: 'r', scenarios: ['A'] }]), /^deviations\[0\]: "check"/],
  ['an entry without observed', file([{ check: 'a/b', reason: 'r', scenarios: ['A'] }]), /^deviations\[0\] \(a\/b\): "observed"/],
  ['a blank reason', file([{ check: 'a/b', observed: '2', reason: ' ', scenarios: ['A'] }]), /^deviations\[0\] \(a\/b\): "reason" must say why/],
  ['no scenarios', file([{ check: 'a/b', observed: '2', reason: 'r', scenarios: [] }]), /^deviations\[0\] \(a\/b\): "scenarios" must list/],
  [
    'a scenario listed twice',
    file([{ check: 'a/b', observed: '2', reason: 'r', scenarios: ['A', 'A'] }]),
    /^deviations\[0\] \(a\/b\): the scenario "A" is listed twice/,
  ],
  ['blocked that is not a boolean', file([{ check: 'a/b', blocked: 'yes', observed: '2', reason: 'r', scenarios: ['A'] }]), /"blocked" must be true/],
  [
    'one cause twice',
    file([entry('a/b', '2', ['A']), entry('c/d', '2', ['A']), entry('a/b', '2', ['B'])]),
    /^deviations\[2\] \(a\/b\): the same cause as deviations\[0\] .*join their scenarios/,
  ],
];

for (const [name, text, error] of refused) {
  test(`parseBaseline refuses ${name}`, () => {
    const result = parseBaseline(text);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.error, error);
  });
}

test('the old format is refused with how to rewrite it', () => {
  assert.match(OLD_FORMAT_ERROR, /--write-baseline FILE/);
  assert.deepEqual(parseBaseline('{"about":"x","expectedFailures":[]}'), { ok: false, error: OLD_FORMAT_ERROR });
});

test('parseBaseline reads entries, a blocked cause included, and ignores keys it does not know (about, …)', () => {
  const result = parseBaseline(
    JSON.stringify({
      about: 'x',
      format: 2,
      deviations: [entry('4.1-create/status', '200', ['A'], { expected: '201' }), entry('setup/create', '406', ['B'], { blocked: true })],
    }),
  );
  assert.deepEqual(result, {
    ok: true,
    baseline: { deviations: [entry('4.1-create/status', '200', ['A'], { expected: '201' }), entry('setup/create', '406', ['B'], { blocked: true })] },
  });
});

const baseline: Baseline = {
  deviations: [
    entry('4.1-create/status', '200', ['Still 200', 'Fixed', 'Other way', 'Filtered out', 'Blocked now', 'Renamed']),
    entry('setup/create', '406', ['Still blocked', 'Unblocked'], { blocked: true }),
  ],
};

const run: ScenarioResult[] = [
  scenario('Still 200', 'failed', [failed('4.1-create/status', '200')]),
  scenario('Fixed', 'passed', [passed('4.1-create/status')]),
  scenario('Other way', 'failed', [failed('4.1-create/status', '204')]),
  scenario('Filtered out', 'not-selected'),
  scenario('Blocked now', 'blocked', [], { blocked: { ...setupBlocked, observed: '500' } }),
  scenario('Still blocked', 'blocked', [], { blocked: setupBlocked }),
  scenario('Unblocked', 'passed', [passed('4.1-create/status')]),
  scenario('New here', 'failed', [failed('4.1-create/status', '200'), failed('4.1-envelope/envelope-shape', 'an object')]),
];

test('compareWithBaseline: a deviation is held only by an entry with its check and observed that lists its scenario', () => {
  const comparison = compareWithBaseline(run, baseline);
  assert.deepEqual(
    comparison.held.map((d) => [d.scenario, d.check, d.reason]),
    [
      ['Still 200', '4.1-create/status', 'MGMT-1'],
      ['Still blocked', 'setup/create', 'MGMT-1'],
    ],
  );
  assert.deepEqual(
    comparison.unheld.map((d) => [d.scenario, d.check, d.observed, d.blocked]),
    [
      ['Other way', '4.1-create/status', '204', false],
      ['Blocked now', 'setup/create', '500', true],
      ['New here', '4.1-create/status', '200', false],
      ['New here', '4.1-envelope/envelope-shape', 'an object', false],
    ],
  );
  assert.deepEqual(
    comparison.entries.map((e) => e.pairs.map((p) => `${p.scenario}: ${p.outcome}`)),
    [
      ['Still 200: held', 'Fixed: now passing', 'Other way: now passing', 'Filtered out: not run', 'Blocked now: not run', 'Renamed: not in the suite'],
      ['Still blocked: held', 'Unblocked: now passing'],
    ],
  );
  assert.deepEqual(
    pairsWith(comparison, 'now passing').map((p) => p.scenario),
    ['Fixed', 'Other way', 'Unblocked'],
  );
});

test('a failed scenario that never recorded the check (stopped before it) has not judged it', () => {
  const stopped = scenario('Still 200', 'failed', [{ ...failed('4.1-create/scenario', 'no answer'), fromError: true }]);
  const comparison = compareWithBaseline([stopped], { deviations: [entry('4.1-create/status', '200', ['Still 200'])] });
  assert.deepEqual(comparison.entries[0]?.pairs, [{ scenario: 'Still 200', outcome: 'not run' }]);
});

test('buildBaseline: one entry per cause with its scenarios, reasons kept per cause, a fixed order, and the next run holds all of it', () => {
  const written = buildBaseline(run, baseline);
  assert.deepEqual(
    written.deviations.map((e) => [e.check, e.observed, e.blocked ?? false, e.reason, e.scenarios]),
    [
      // Filtered out and Blocked now could not be judged this run: their earlier pairs stay.
      ['4.1-create/status', '200', false, 'MGMT-1', ['Blocked now', 'Filtered out', 'New here', 'Still 200']],
      ['4.1-create/status', '204', false, TODO_REASON, ['Other way']],
      ['4.1-envelope/envelope-shape', 'an object', false, TODO_REASON, ['New here']],
      ['setup/create', '406', true, 'MGMT-1', ['Still blocked']],
      ['setup/create', '500', true, TODO_REASON, ['Blocked now']],
    ],
  );
  const reread = parseBaseline(formatBaseline(written));
  assert.deepEqual(reread, { ok: true, baseline: written });
  const next = compareWithBaseline(run, written);
  assert.deepEqual(next.unheld, []);
  assert.deepEqual(buildBaseline([...run].reverse(), baseline), written, 'the same run writes the same file');
});

test('a check failed twice in one scenario with the same observed value is one deviation', () => {
  const twice = scenario('S', 'failed', [failed('4.1-create/status', '200'), failed('4.1-create/status', '200')]);
  assert.equal(compareWithBaseline([twice], { deviations: [] }).unheld.length, 1);
  assert.deepEqual(buildBaseline([twice]).deviations[0]?.scenarios, ['S']);
});

test('findTodoReasons names the causes whose reason was never filled in', () => {
  const todo: Baseline = {
    deviations: [entry('a/b', '200', ['A'], { reason: TODO_REASON }), entry('c/d', '1', ['B']), entry('e/f', 'x', ['C'], { reason: '  todo later' })],
  };
  assert.deepEqual(findTodoReasons(todo), ['a/b observed "200"', 'e/f observed "x"']);
});

test('buildBaseline keeps what the run did not judge and races it did not see, and drops what it judged passing', () => {
  const previous: Baseline = {
    deviations: [
      entry('4.1-create/status', '200', ['Not selected', 'Now passing']),
      entry('4.1-concurrent/one-create-wins', 'more than one create taken', ['Race']),
    ],
  };
  const run: ScenarioResult[] = [
    scenario('Not selected', 'not-selected'),
    scenario('Now passing', 'passed', [passed('4.1-create/status')]),
    scenario('Race', 'passed', [passed('4.1-concurrent/one-create-wins')], { tags: ['@concurrency'] }),
  ];
  const comparison = compareWithBaseline(run, previous);
  assert.deepEqual(
    comparison.entries.flatMap((e) => e.pairs.map((p) => `${p.scenario}: ${p.outcome}`)),
    ['Not selected: not run', 'Now passing: now passing', 'Race: not seen this run'],
  );
  const written = buildBaseline(run, previous);
  assert.deepEqual(
    written.deviations.map((e) => [e.check, e.scenarios, e.reason]),
    [
      ['4.1-concurrent/one-create-wins', ['Race'], 'MGMT-1'],
      ['4.1-create/status', ['Not selected'], 'MGMT-1'],
    ],
  );
  assert.equal(compareWithBaseline(run, written).unheld.length, 0, 'the next run holds it');
});
