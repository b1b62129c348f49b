import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareWithBaseline } from './baseline.js';
import { buildConformanceSummary, type SummaryContext } from './build-conformance-summary.js';
import type { ScenarioResult } from './collect-scenario-results.js';
import { renderSummaryHtml } from './render-summary-html.js';
import { renderSummaryMarkdown } from './render-summary-markdown.js';
import type { RuleRow } from './rules-matrix.js';

const context: SummaryContext = {
  baseUrl: 'http://target',
  profile: 'core',
  allowDestructive: false,
  jwtSecretGiven: false,
  date: new Date('2026-01-02T03:04:05Z'),
  durationMs: 1234,
  runPrefix: 'mk-abc-',
};

const scenario = (name: string, status: ScenarioResult['status'], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  name,
  uri: 'features/x.feature',
  tags: [],
  status,
  calls: [],
  ...extra,
});

const scenarios: ScenarioResult[] = [
  scenario('Create an event with a new id', 'passed', {
    tags: ['@rule.r-pass', '@rule.r-fail'],
    calls: [
      { operation: 'createEvent', status: 201 },
      { operation: 'readEventById', status: 200 },
    ],
  }),
  scenario('An event id that already exists is refused', 'failed', {
    tags: ['@rule.r-fail'],
    calls: [
      { operation: 'createEvent', status: 201 },
      { operation: 'createEvent', status: 201 },
      { operation: 'deleteEventById', status: 200, housekeeping: true },
    ],
    error: 'createEvent answered 201, expected 406',
    blamedOperation: 'createEvent',
  }),
  scenario('Delete all events without a body', 'not-selected', { tags: ['@destructive', '@rule.r-skip'] }),
  scenario('Creating an empty batch has nothing to create', 'not-selected', { tags: ['@extension', '@rule.r-ext'] }),
];

const rules: RuleRow[] = [
  { id: 'r-pass', seed: '§1', text: 'a', scenarios: ['Create an event with a new id'] },
  { id: 'r-fail', seed: '§2', text: 'b', scenarios: ['Create an event with a new id', 'An event id that already exists is refused'] },
  { id: 'r-skip', seed: '§3', text: 'c', scenarios: ['Delete all <index> without a body'] },
  { id: 'r-ext', seed: '§4', text: 'd', scenarios: ['Creating an empty batch has nothing to create'] },
  { id: 'r-none', seed: '§8', text: 'e', scenarios: [], notTested: 'not shown by the description' },
];

const operations = ['createEvent', 'readEventById', 'deleteEventById', 'updateAgent'].map((operationId) => ({
  operationId,
  method: 'X',
  pathTemplate: '/p',
  statuses: [200, 201, 406, 500],
}));

test('one row per rule: passed, failed with the reason, skipped with why, not tested', () => {
  const summary = buildConformanceSummary(rules, operations, scenarios, context);
  const rows = Object.fromEntries(summary.rules.map((r) => [r.key, [r.status, r.reasons]]));
  assert.deepEqual(rows, {
    'r-pass': ['passed', []],
    'r-fail': ['failed', ['An event id that already exists is refused: createEvent answered 201, expected 406']],
    'r-skip': ['skipped', ['@destructive: runs only with --allow-destructive']],
    'r-ext': ['skipped', ['@extension: runs with --profile extended']],
    'r-none': ['not tested', ['not shown by the description']],
  });
});

test('one row per operation: failed only when the failure followed its call; housekeeping calls do not count', () => {
  const summary = buildConformanceSummary(rules, operations, scenarios, context);
  const rows = Object.fromEntries(summary.operations.map((r) => [r.key, r.status]));
  assert.deepEqual(rows, { createEvent: 'failed', readEventById: 'passed', deleteEventById: 'skipped', updateAgent: 'skipped' });
  assert.equal(summary.failedCleanupDeletes, 1, 'a cleanup delete that answered 200 may have left a record');
  assert.deepEqual(summary.counts, { passed: 1, failed: 1, skipped: 0, notSelected: 2 });
});

test('the Markdown and HTML pages carry target, profile, date and every row', () => {
  const summary = buildConformanceSummary(rules, operations, scenarios, context);
  const markdown = renderSummaryMarkdown(summary);
  assert.match(markdown, /^# Conformance summary: FAILED/);
  for (const text of ['http://target', 'Profile: core', '2026-01-02T03:04:05.000Z', 'r-none', 'updateAgent', 'skipped (pass --allow-destructive']) {
    assert.ok(markdown.includes(text), text);
  }
  const html = renderSummaryHtml({ ...summary, context: { ...context, baseUrl: 'http://t/<x>' } });
  assert.ok(html.includes('http://t/&lt;x&gt;'), 'escaped');
  assert.equal((html.match(/<tr class=/g) ?? []).length, rules.length + operations.length);
});

test('with a baseline: rows whose failures it lists are known deviations, and the verdict passes', () => {
  const comparison = compareWithBaseline(scenarios, { expectedFailures: [{ scenario: 'An event id that already exists is refused', reason: 'ticket 7' }] });
  const summary = buildConformanceSummary(rules, operations, scenarios, context, { file: 'baseline.json', comparison });
  assert.equal(summary.verdict, 'PASSED');
  assert.deepEqual(summary.rules.find((r) => r.key === 'r-fail')?.status, 'known deviation');
  assert.deepEqual(summary.operations.find((r) => r.key === 'createEvent')?.reasons, [
    '[baseline] An event id that already exists is refused: createEvent answered 201, expected 406',
  ]);
  const markdown = renderSummaryMarkdown(summary);
  assert.match(markdown, /^# Conformance summary: PASSED \(1 known deviation\)/);
  assert.match(markdown, /\| An event id that already exists is refused \| ticket 7 \| still fails, as the baseline expects<br>createEvent answered 201/);
  assert.doesNotMatch(markdown, /## (New failures|Failed scenarios)/);
  const without = buildConformanceSummary(rules, operations, scenarios, context);
  assert.equal(without.verdict, 'FAILED');
  assert.match(renderSummaryMarkdown(without), /## Failed scenarios\n\n- \*\*An event id that already exists is refused\*\*/);
});

test('the summary counts which documented responses were answered: verified, seen but failed, undocumented, never seen', () => {
  const { coverage } = buildConformanceSummary(rules, operations, scenarios, context);
  const row = (id: string) => coverage.rows.find((r) => r.operationId === id)!;
  // createEvent 201 passed in one scenario (verified); the failed scenario's last checked call is blamed.
  assert.deepEqual(
    row('createEvent').documented.map((d) => `${d.status} ${d.cell}`),
    ['200 never seen', '201 verified', '406 never seen', '500 never seen'],
  );
  // The cleanup delete (housekeeping) is no evidence: no step checked its answer.
  assert.deepEqual(
    row('deleteEventById').documented.filter((d) => d.cell !== 'never seen'),
    [],
  );
  assert.deepEqual(row('readEventById').documented.find((d) => d.status === 200)?.cell, 'verified');
  assert.equal(coverage.seen, 2);
  assert.equal(coverage.documented, 16);
  assert.equal(coverage.percent, 12.5);
  assert.match(
    renderSummaryMarkdown(buildConformanceSummary(rules, operations, scenarios, context)),
    /Response coverage: 12\.5% \(2 of 16 documented responses seen\)/,
  );
});

test('core rules and extensions apart: an extension filed under a rule that fails does not fail the rule', () => {
  const extended: SummaryContext = { ...context, profile: 'extended' };
  const run: ScenarioResult[] = [
    scenario('Create an event with a new id', 'passed', { tags: ['@rule.r-mixed'] }),
    scenario('Creating an empty batch has nothing to create', 'failed', { tags: ['@extension', '@rule.r-mixed'], error: 'batch answered 500' }),
    scenario('Only an extension shows it', 'passed', { tags: ['@extension', '@rule.r-ext-only'] }),
  ];
  const withExtension: RuleRow[] = [
    { id: 'r-mixed', seed: '§1', text: 'a', scenarios: ['Create an event with a new id', 'Creating an empty batch has nothing to create'] },
    { id: 'r-ext-only', seed: '§2', text: 'b', scenarios: ['Only an extension shows it'] },
  ];
  const summary = buildConformanceSummary(withExtension, operations, run, extended);
  assert.deepEqual(
    summary.rules.map((r) => [r.key, r.status, r.ran]),
    [
      ['r-mixed', 'passed', 1],
      ['r-ext-only', 'passed', 1],
    ],
  );
  assert.deepEqual(
    summary.extensions.map((r) => [r.key, r.status, r.reasons]),
    [['r-mixed', 'failed', ['Creating an empty batch has nothing to create: batch answered 500']]],
  );
  assert.equal(summary.verdict, 'FAILED', 'a failed extension still fails the extended run');
  assert.match(renderSummaryMarkdown(summary), /## Extensions filed under these rules[^\n]*\n\n\| Rule[^\n]*\n\|---[^\n]*\n\| r-mixed \| §1: a \| ❌ failed/);
  assert.deepEqual(buildConformanceSummary(withExtension, operations, run.slice(0, 1), context).extensions, [], 'no extension ran: no table');
});

test('the HTML page opens with the failures, each linked to its detail', () => {
  const html = renderSummaryHtml(buildConformanceSummary(rules, operations, scenarios, context));
  const [top, rest] = html.split('<h2>Rules of the service description');
  assert.match(
    top!,
    /<h2>Failures first<\/h2>\n<h3>New failures \(1\)<\/h3>\n<ol><li><a href="#failure-1">An event id that already exists is refused<\/a> — createEvent answered 201, expected 406<\/li><\/ol>/,
  );
  assert.match(rest!, /<li id="failure-1"><strong>An event id that already exists is refused<\/strong>/);
  assert.doesNotMatch(top!, /Known deviations/, 'no baseline: no such list');
  const markdown = renderSummaryMarkdown(buildConformanceSummary(rules, operations, scenarios, context));
  assert.match(
    markdown,
    /\n## Failures first\n\n\*\*New failures \(1\)\*\*\n1\. An event id that already exists is refused — createEvent answered 201, expected 406\n\n## Rules/,
  );
});
