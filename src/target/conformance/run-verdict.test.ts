// One verdict, computed once: each input of the verdict is changed on its own, and every report —
// Markdown, HTML, JSON, junit, the console — and the exit code must say the same thing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runChecks } from './run-checks.js';
import { buildConformanceSummary, type RunFacts, type SummaryContext } from './build-conformance-summary.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { compareWithBaseline } from './compare-with-baseline.js';
import { renderConformanceJunit } from './render-conformance-junit.js';
import { formatRunReport } from './format-run-report.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';
import { decideVerdict, EXIT } from '../run/run-verdict.js';
import { renderSummaryJson } from './write-conformance-summary.js';
import type { RuleRow } from './rules-matrix.js';

const context: SummaryContext = {
  baseUrl: 'http://target',
  profile: 'core',
  allowDestructive: false,
  jwtSecretGiven: false,
  date: new Date('2026-01-02T03:04:05Z'),
  durationMs: 1000,
  runPrefix: 'mk-abc-',
};
const operations = [{ operationId: 'createEvent', method: 'POST', pathTemplate: '/event', statuses: [201, 406, 500] }];
const rules: RuleRow[] = [{ id: 'r1', seed: '§4.1 rule 1', text: 'a', scenarios: ['Passes', 'Fails'] }];
const scenario = (name: string, status: ScenarioResult['status'], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  id: `f: ${name}`,
  name,
  uri: 'f',
  tags: ['@rule.r1'],
  status,
  calls: [{ operation: 'createEvent', status: 201 }],
  checks: [],
  setup: [],
  cleanupLeft: [],
  ...extra,
});
const passed = scenario('Passes', 'passed', { checks: [{ id: 'r1/status', passed: true, expected: '201', observed: '', message: '' }] });
const failed = (error: string): ScenarioResult =>
  scenario('Fails', 'failed', {
    error,
    blamedOperation: 'createEvent',
    checks: [{ id: 'r1/scenario', passed: false, expected: 'no error', observed: error, message: error, fromError: true }],
  });
const blocked = scenario('Blocked', 'blocked', { blocked: { step: 'an event exists', id: 'setup/create', observed: '406', message: 'create answered 406' } });
const HELD = (s: ScenarioResult) => {
  const c = s.checks.find((k) => !k.passed);
  return s.blocked
    ? { check: s.blocked.id, blocked: true as const, observed: s.blocked.observed, reason: 'MGMT-1', scenarios: [s.id] }
    : { check: c!.id, observed: c!.observed, reason: 'MGMT-1', scenarios: [s.id] };
};
const LEFT = { ids: ['event mk-abc-e1'], unverified: [], deleteCommands: [`curl -X DELETE -H "Authorization: Bearer $TOKEN" 'http://target/event/mk-abc-e1'`] };

interface Case {
  name: string;
  scenarios: ScenarioResult[];
  facts?: RunFacts;
  baselineFails?: boolean;
  word: string;
  exit: number;
}

const CASES: Case[] = [
  { name: 'all passed', scenarios: [passed], word: 'PASSED', exit: EXIT.passed },
  { name: 'a new failure', scenarios: [passed, failed('expected 406')], word: 'FAILED', exit: EXIT.failed },
  { name: 'a failure the baseline lists', scenarios: [passed, failed('expected 406')], baselineFails: true, word: 'PASSED', exit: EXIT.passed },
  { name: 'the coverage gate', scenarios: [passed], facts: { minCoverage: 90 }, word: 'FAILED', exit: EXIT.failed },
  { name: 'records left behind', scenarios: [passed], facts: { leftovers: LEFT }, word: 'RECORDS LEFT BEHIND', exit: EXIT.recordsLeft },
  {
    name: 'an index the final read could not read',
    scenarios: [passed],
    facts: { leftovers: { ids: [], unverified: ['agent'], deleteCommands: [] } },
    word: 'CLEAN-UP UNKNOWN',
    exit: EXIT.cleanUpUnknown,
  },
  {
    name: 'the target stopped',
    scenarios: [passed, failed('the target stopped answering at 10:00:00 UTC, after 9 requests')],
    facts: { targetStopped: 'the target stopped answering at 10:00:00 UTC, after 9 requests' },
    word: 'TARGET STOPPED',
    exit: EXIT.targetStopped,
  },
  { name: 'only throttled failures', scenarios: [passed, failed('the target throttled the run: 429')], word: 'THROTTLED', exit: EXIT.throttled },
  { name: 'an error of the run', scenarios: [passed], facts: { runError: 'an undefined step' }, word: 'FAILED', exit: EXIT.failed },
  {
    name: 'failures after --write-baseline',
    scenarios: [passed, failed('expected 406')],
    facts: { baselineWritten: () => 'TODO' },
    word: 'PASSED',
    exit: EXIT.passed,
  },
  { name: 'a blocked scenario', scenarios: [passed, blocked], word: 'FAILED', exit: EXIT.failed },
  { name: 'a blocked scenario the baseline holds', scenarios: [passed, blocked], baselineFails: true, word: 'PASSED', exit: EXIT.passed },
  { name: 'only blocked scenarios', scenarios: [blocked], word: 'FAILED', exit: EXIT.failed },
  { name: 'no scenario ran', scenarios: [], word: 'NOT RUN', exit: EXIT.usage },
];

for (const c of CASES) {
  test(`one verdict everywhere: ${c.name} → ${c.word}, exit ${c.exit}`, () => {
    const baseline = c.baselineFails
      ? {
          file: 'b.json',
          comparison: compareWithBaseline(c.scenarios, { deviations: c.scenarios.filter((s) => s.status === 'failed' || s.status === 'blocked').map(HELD) }),
        }
      : undefined;
    const summary = buildConformanceSummary(rules, operations, c.scenarios, context, baseline, c.facts);
    assert.equal(summary.verdict, c.word);
    assert.equal(summary.outcome.exitCode, c.exit);
    assert.match(renderSummaryMarkdown(summary), new RegExp(`^# Conformance summary: ${c.word}\\b`));
    assert.match(renderSummaryMarkdown(summary), new RegExp(`^- Exit code: ${c.exit}$`, 'm'));
    assert.match(renderSummaryHtml(summary), new RegExp(`<h1>Conformance summary: ${c.word}\\b`));
    const json = JSON.parse(renderSummaryJson(summary)) as { verdict: string; exitCode: number };
    assert.deepEqual([json.verdict, json.exitCode], [c.word, c.exit]);
    const console = formatRunReport(summary, []);
    assert.match(console, new RegExp(`^Verdict: ${c.word} \\(exit ${c.exit}\\)`, 'm'));
    // junit, written from the run model: a deviation the baseline holds (given, or written by --write-baseline) is not a failure there.
    const reasonOf = c.facts?.baselineWritten ?? ((d: { scenario: string }) => (c.baselineFails ? `held ${d.scenario}` : undefined));
    const junit = renderConformanceJunit({
      scenarios: c.scenarios,
      reasonOf,
      runChecks: runChecks(summary, c.facts?.minCoverage, c.facts?.targetStopped, c.facts?.runError),
    });
    const junitFailures = Number(/failures="(\d+)"/.exec(junit)?.[1]);
    // A CI's test widget is green exactly when the exit code is 0 (throttled: the throttled scenarios fail there too).
    assert.equal(junitFailures === 0, c.exit === EXIT.passed || (c.exit === EXIT.usage && c.scenarios.length === 0), `junit failures=${junitFailures}`);
    for (const reason of summary.outcome.reasons)
      assert.ok(renderSummaryMarkdown(summary).includes(reason.split('\n')[0]!.replace(/\|/g, '\\|')), `the Markdown gives the reason: ${reason}`);
  });
}

test('precedence: no verdict on the implementation beats failures, failures beat throttling, throttling beats leftovers', () => {
  const base = { ran: 3, newFailures: 0, onlyThrottled: false, leftovers: [] as string[], unverified: [] as string[] };
  assert.equal(decideVerdict({ ...base, notRun: 'pre-flight', newFailures: 2 }).word, 'NOT RUN');
  assert.deepEqual([decideVerdict({ ...base, interrupted: 'SIGINT' }).exitCode, decideVerdict({ ...base, interrupted: 'SIGTERM' }).exitCode], [130, 143]);
  assert.equal(decideVerdict({ ...base, targetStopped: 'x', newFailures: 2 }).word, 'TARGET STOPPED');
  assert.equal(decideVerdict({ ...base, newFailures: 1, leftovers: ['event a'] }).word, 'FAILED');
  assert.deepEqual(decideVerdict({ ...base, newFailures: 1, leftovers: ['event a'] }).reasons.length, 2, 'leftovers are named beside the failures');
  assert.equal(decideVerdict({ ...base, newFailures: 1, onlyThrottled: true, leftovers: ['event a'] }).word, 'THROTTLED');
  assert.equal(decideVerdict({ ...base, newFailures: 1, onlyThrottled: true, coverageShortfall: 'low' }).word, 'FAILED');
});
