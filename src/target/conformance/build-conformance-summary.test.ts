import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildConformanceSummary, type SummaryContext } from './build-conformance-summary.js';
import type { ScenarioCheck, ScenarioResult } from './collect-scenario-results.js';
import { compareWithBaseline } from './compare-with-baseline.js';
import { formatCauses, formatRunReport } from './format-run-report.js';
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

const scenario = (id: string, status: ScenarioResult['status'], extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
  id,
  name: id,
  uri: 'features/x.feature',
  tags: [],
  status,
  calls: [],
  checks: [],
  setup: [],
  cleanupLeft: [],
  ...extra,
});
const answer = (operation: string, status: number, body = '') => ({ operation, status, body });
const check = (id: string, passed: boolean, observed = '', operation = 'createEvent', status = 201): ScenarioCheck => ({
  id,
  passed,
  expected: '201',
  observed,
  message: `${id}: expected 201, observed ${observed}`,
  answer: answer(operation, status, '[{"code": 201}]'),
});

const scenarios: ScenarioResult[] = [
  scenario('Create an event with a new id', 'passed', {
    tags: ['@rule.r-pass', '@rule.r-fail'],
    calls: [
      { operation: 'createEvent', status: 201 },
      { operation: 'readEventById', status: 200 },
    ],
    checks: [check('r-pass/status', true)],
  }),
  scenario('An event id that already exists is refused', 'failed', {
    tags: ['@rule.r-fail', '@rule.r-other'],
    calls: [
      { operation: 'createEvent', status: 201 },
      { operation: 'createEvent', status: 201 },
      { operation: 'deleteEventById', status: 205, housekeeping: true },
    ],
    checks: [check('r-fail/status', false, '201'), check('r-pass/status', true)],
    cleanupLeft: ['event mk-abc-e1'],
  }),
  scenario('Delete all events without a body', 'not-selected', { tags: ['@destructive', '@rule.r-skip'] }),
  scenario('Creating an empty batch has nothing to create', 'not-selected', { tags: ['@extension', '@rule.r-ext'] }),
];

const rules: RuleRow[] = [
  { id: 'r-pass', seed: '§1', text: 'a', scenarios: [] },
  { id: 'r-fail', seed: '§2', text: 'b', scenarios: [] },
  { id: 'r-other', seed: '§2.1', text: 'b2', scenarios: [] },
  { id: 'r-skip', seed: '§3', text: 'c', scenarios: [] },
  { id: 'r-ext', seed: '§4', text: 'd', scenarios: [] },
  { id: 'r-none', seed: '§8', text: 'e', scenarios: [], notTested: 'not shown by the description' },
];

const operations = ['createEvent', 'readEventById', 'deleteEventById', 'updateAgent'].map((operationId) => ({
  operationId,
  method: 'X',
  pathTemplate: '/p',
  statuses: [200, 201, 406, 500],
}));

test('one row per rule, judged by the checks carrying its id: a scenario failing another rule’s check does not fail it', () => {
  const summary = buildConformanceSummary(rules, operations, scenarios, context);
  const rows = Object.fromEntries(summary.rules.map((r) => [r.key, [r.status, r.reasons, r.ran]]));
  assert.deepEqual(rows, {
    'r-pass': ['passed', [], 2],
    'r-fail': ['failed', ['r-fail/status: expected 201, observed 201 — 1 scenario(s): An event id that already exists is refused'], 2],
    'r-other': ['passed', [], 1],
    'r-skip': ['skipped', ['@destructive: runs only with --allow-destructive'], 0],
    'r-ext': ['skipped', ['@extension: runs with --profile extended'], 0],
    'r-none': ['not tested', ['not shown by the description'], 0],
  });
});

test('a rule whose tagged scenarios were blocked, or stopped by another rule’s error first, is not judged', () => {
  const run = [
    scenario('Blocked', 'blocked', { tags: ['@rule.r-pass'], blocked: { step: 'an event exists', id: 'setup/create', observed: '406', message: 'm' } }),
    scenario('Stopped', 'failed', { tags: ['@rule.r-fail', '@rule.r-other'], checks: [{ ...check('r-fail/scenario', false, 'no answer'), fromError: true }] }),
  ];
  const rows = Object.fromEntries(buildConformanceSummary(rules, operations, run, context).rules.map((r) => [r.key, [r.status, r.reasons]]));
  assert.deepEqual(rows['r-pass'], ['not judged', ['blocked by setup/create']]);
  assert.deepEqual(rows['r-other'], ['not judged', ['stopped by r-fail/scenario first']]);
  assert.equal(rows['r-fail']?.[0], 'failed');
});

test('one row per operation: failed when a failed check judged one of its answers; housekeeping calls do not count', () => {
  const summary = buildConformanceSummary(rules, operations, scenarios, context);
  const rows = Object.fromEntries(summary.operations.map((r) => [r.key, r.status]));
  assert.deepEqual(rows, { createEvent: 'failed', readEventById: 'passed', deleteEventById: 'skipped', updateAgent: 'skipped' });
  assert.equal(summary.cleanupFound, 1, 'the records the clean-up still found by reading');
  assert.deepEqual(summary.counts, { passed: 1, failed: 1, blocked: 0, skipped: 0, notSelected: 2, checks: 3, failedChecks: 1 });
});

test('failures with the same check and observed value are one cause line with a count, its scenarios and the answer', () => {
  const many = Array.from({ length: 240 }, (_, i) =>
    scenario(`event.feature: S${i}`, 'failed', { checks: [check('4.1-create/status', false, '200', 'createEvent', 200)], tags: ['@rule.4.1-create'] }),
  );
  const other = scenario('agent.feature: A', 'failed', { checks: [check('4.1-envelope/envelope-shape', false, 'an object', 'createAgent', 406)] });
  const blocked = Array.from({ length: 3 }, (_, i) =>
    scenario(`agent.feature: B${i}`, 'blocked', {
      blocked: {
        step: 'an agent exists',
        id: 'setup/create',
        observed: '406',
        message: 'create answered 406',
        answer: answer('createAgent', 406, '{"code": 406}'),
      },
    }),
  );
  const summary = buildConformanceSummary(rules, operations, [...many, other, ...blocked], context);
  assert.deepEqual(
    summary.causes.map((c) => [c.check, c.observed, c.scenarios.length]),
    [
      ['4.1-create/status', '200', 240],
      ['4.1-envelope/envelope-shape', 'an object', 1],
    ],
  );
  assert.deepEqual(
    summary.blockedCauses.map((c) => [c.check, c.observed, c.scenarios.length]),
    [['setup/create', '406', 3]],
  );
  const lines = formatCauses(summary);
  assert.deepEqual(lines.slice(0, 3), [
    'Failed checks by cause (2):',
    '  ✗ 240× 4.1-create/status: expected 201, observed 200',
    '      createEvent 200 [{"code": 201}] ← event.feature: S0 (+239 more)',
  ]);
  assert.ok(lines.includes('  ⊘ 3× setup/create: at "an agent exists", observed 406'), lines.join('\n'));
  assert.ok(lines.includes('      createAgent 406 {"code": 406} ← agent.feature: B0 (+2 more)'), lines.join('\n'));
  assert.ok(lines.every((line) => line.length <= 160));
  assert.equal(summary.verdict, 'FAILED');
  assert.match(summary.outcome.reasons.join('\n'), /241 failure\(s\) the baseline does not list\n3 scenario\(s\) stopped in setup/);
  const markdown = renderSummaryMarkdown(summary);
  assert.match(
    markdown,
    /## Failed checks by cause \(2\)\n\n\| \| Check[^\n]*\n\|---[^\n]*\n\| ❌ new \| `4\.1-create\/status` \| 201 \| 200 \| 240: event\.feature: S0; event\.feature: S1; event\.feature: S2; \+237 more \| createEvent 200 \[\{"code": 201\}\] \|/,
  );
  assert.match(markdown, /## Blocked scenarios by cause \(not judged\) \(1\)/);
  assert.match(renderSummaryHtml(summary), /<section id="failed-checks"><h2>Failed checks by cause \(2\)<\/h2>/);
});

test('a scenario that failed a check and then stopped in a later setup step counts as failed, and the counts line says how many stopped', () => {
  const stoppedAfterFailing = scenario('agent.feature: F', 'failed', {
    checks: [check('4.1-create/status', false, '200', 'createAgent', 200)],
    blocked: { step: 'an agent exists', id: 'setup/create', observed: '406', message: 'create answered 406' },
  });
  const blockedOnly = scenario('agent.feature: B', 'blocked', {
    blocked: { step: 'an agent exists', id: 'setup/create', observed: '406', message: 'create answered 406' },
  });
  const summary = buildConformanceSummary(rules, operations, [stoppedAfterFailing, blockedOnly], context);
  assert.equal(summary.counts.failed, 1);
  assert.equal(summary.counts.blocked, 1);
  const console = formatRunReport(summary, []);
  assert.match(console, /0 passed, 1 failed \(1 of them stopped in a later setup step\), 1 blocked,/);
  assert.match(console, /Stopped in setup, by cause \(1\): not judged from that step on:\n {2}⊘ 2× setup\/create/);
  // Without such a scenario the counts line says nothing more.
  assert.match(formatRunReport(buildConformanceSummary(rules, operations, [blockedOnly], context), []), /0 passed, 0 failed, 1 blocked,/);
});

test('the console keeps the causes within one screen: a line each, the answers of the first new ones while there is room, the rest counted', () => {
  const run = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => scenario(`S${from + i}`, 'failed', { checks: [check(`r${from + i}/status`, false, '200')] }));
  const causes = (scenarios: ScenarioResult[], baseline?: Parameters<typeof buildConformanceSummary>[4]) =>
    formatCauses(buildConformanceSummary(rules, operations, scenarios, context, baseline));
  const answers = (lines: string[]) => lines.filter((l) => l.startsWith('      ')).length;
  const ten = causes(run(10));
  assert.deepEqual([ten.length, answers(ten)], [21, 10], 'ten causes: each with its answer');
  const seventeen = causes(run(17));
  assert.deepEqual([seventeen.length, answers(seventeen)], [25, 7], 'seventeen: every cause, the first seven with their answer');
  assert.match(seventeen[2]!, /^ {6}createEvent 201 \[\{"code": 201\}\] ← S0$/);
  assert.match(seventeen.at(-1)!, /^ {2}✗ 1× r9\/status: expected 201, observed 200$/, 'sorted by count, then check id');
  const forty = causes(run(40));
  assert.deepEqual([forty.length, answers(forty)], [25, 0]);
  assert.equal(forty.at(-1), '  … 17 more cause(s) in conformance-summary.md');
  // Beside causes the baseline holds, the new ones keep their answers; known ones that do not fit are counted.
  const held = run(20, 100);
  const comparison = compareWithBaseline(held, {
    deviations: held.map((s) => ({ check: s.checks[0]!.id, observed: '200', reason: 'MGMT-1', scenarios: [s.id] })),
  });
  const mixed = causes([...run(5), ...held], { file: 'b.json', comparison });
  assert.equal(mixed.length, 25);
  assert.equal(answers(mixed), 5, 'every new cause with its answer');
  assert.equal(mixed.filter((l) => l.startsWith('  ~ ')).length, 12);
  assert.equal(mixed.at(-1), '  … 8 more cause(s) in conformance-summary.md');
  const crowded = causes([...run(30), ...held.slice(0, 5)], { file: 'b.json', comparison });
  assert.equal(crowded.length, 25);
  assert.ok(crowded.includes('Known deviations the baseline holds (5 cause(s), 5 deviation(s)): in conformance-summary.md'), crowded.join('\n'));
  assert.equal(crowded.at(-1), '  … 8 more cause(s) in conformance-summary.md', 'the new causes left out');
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
  assert.equal((html.match(/<tr class="(?!known|failed")/g) ?? []).length, rules.length + operations.length - 2);
});

test('with a baseline: rows whose failures it holds are known deviations, the verdict passes, and each entry says how it fared', () => {
  const comparison = compareWithBaseline(scenarios, {
    deviations: [{ check: 'r-fail/status', observed: '201', reason: 'ticket 7', scenarios: ['An event id that already exists is refused', 'Gone'] }],
  });
  const summary = buildConformanceSummary(rules, operations, scenarios, context, { file: 'baseline.json', comparison });
  assert.equal(summary.verdict, 'PASSED');
  assert.equal(summary.rules.find((r) => r.key === 'r-fail')?.status, 'known deviation');
  assert.deepEqual(summary.operations.find((r) => r.key === 'createEvent')?.reasons, [
    '[baseline] r-fail/status: expected 201, observed 201 — 1 scenario(s): An event id that already exists is refused',
  ]);
  const markdown = renderSummaryMarkdown(summary);
  assert.match(markdown, /^# Conformance summary: PASSED \(1 known deviation\)/);
  assert.match(markdown, /\| ⚠️ known: ticket 7 \| `r-fail\/status` \|/);
  assert.match(
    markdown,
    /\| 1 \| `r-fail\/status` \| 201 \| ticket 7 \| 1 still seen, as the baseline expects; 1 no scenario has this id: fix or remove it \(Gone\) \|/,
  );
  assert.doesNotMatch(markdown, /## (New deviations|Deviations)/);
  const console = formatRunReport(summary, []);
  assert.match(
    console,
    /^Known deviations the baseline holds \(1 cause\(s\), 1 deviation\(s\)\):\n {2}~ 1× r-fail\/status: expected 201, observed 201 — known \(baseline\): ticket 7$/m,
  );
  assert.doesNotMatch(console, /^Failed checks by cause/m, 'no new cause: no such list');
  assert.match(console, /^Baseline baseline\.json: 1 of 1 cause\(s\) still seen, holding 1 deviation\(s\); 0 it does not hold$/m);
  assert.match(console, /^ {2}no scenario has this id, fix or remove it \(1\): r-fail\/status in Gone$/m);
  const without = buildConformanceSummary(rules, operations, scenarios, context);
  assert.equal(without.verdict, 'FAILED');
  assert.match(
    renderSummaryMarkdown(without),
    /## Deviations, scenario by scenario \(1\)\n\n- An event id that already exists is refused — `r-fail\/status`: r-fail\/status: expected 201, observed 201/,
  );
});

test('the summary counts which documented responses were answered: verified, seen but failed, undocumented, never seen', () => {
  const { coverage } = buildConformanceSummary(rules, operations, scenarios, context);
  const row = (id: string) => coverage.rows.find((r) => r.operationId === id)!;
  assert.deepEqual(
    row('createEvent').documented.map((d) => `${d.status} ${d.cell}`),
    ['200 never seen', '201 verified', '406 never seen', '500 never seen'],
  );
  // The cleanup delete (housekeeping) is no evidence: no step checked its answer.
  assert.deepEqual(
    row('deleteEventById').documented.filter((d) => d.cell !== 'never seen'),
    [],
  );
  assert.equal(coverage.seen, 2);
  assert.equal(coverage.documented, 16);
});

test('core rules and extensions apart: an extension filed under a rule that fails does not fail the rule', () => {
  const extended: SummaryContext = { ...context, profile: 'extended' };
  const run: ScenarioResult[] = [
    scenario('Create an event with a new id', 'passed', { tags: ['@rule.r-mixed'], checks: [check('r-mixed/status', true)] }),
    scenario('Creating an empty batch has nothing to create', 'failed', {
      tags: ['@extension', '@rule.r-mixed'],
      checks: [check('r-mixed/status', false, '500')],
    }),
    scenario('Only an extension shows it', 'passed', { tags: ['@extension', '@rule.r-ext-only'] }),
  ];
  const withExtension: RuleRow[] = [
    { id: 'r-mixed', seed: '§1', text: 'a', scenarios: [] },
    { id: 'r-ext-only', seed: '§2', text: 'b', scenarios: [] },
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
    summary.extensions.map((r) => [r.key, r.status]),
    [['r-mixed', 'failed']],
  );
  assert.equal(summary.verdict, 'FAILED', 'a failed extension still fails the extended run');
  assert.deepEqual(buildConformanceSummary(withExtension, operations, run.slice(0, 1), context).extensions, [], 'no extension ran: no table');
});
