import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Envelope } from '@cucumber/messages';
import { CALL_MEDIA_TYPE } from './call-log-entry.js';
import { BLOCKED_MEDIA_TYPE, CHECK_MEDIA_TYPE, CLEANUP_MEDIA_TYPE, SETUP_MEDIA_TYPE, type BlockedScenario, type CheckResult } from './check-result.js';
import { createScenarioCollector } from './collect-scenario-results.js';

// A synthetic message stream, as cucumber emits it: documents, pickles, test cases, then per
// attempt its attachments and step results.
const envelope = (message: unknown) => message as Envelope;
const document = (rows: Record<string, string[]>) =>
  envelope({
    gherkinDocument: {
      uri: 'features/event.feature',
      comments: [],
      feature: {
        children: [
          {
            scenario: {
              id: 'outline',
              examples: [{ tableBody: Object.entries(rows).map(([id, cells]) => ({ id, cells: cells.map((value) => ({ value })) })) }],
            },
          },
        ],
      },
    },
  });
const pickle = (id: string, name: string, tags: string[] = [], row?: string) =>
  envelope({
    pickle: {
      id,
      name,
      uri: 'features/event.feature',
      tags: tags.map((t) => ({ name: t, astNodeId: '' })),
      steps: [],
      astNodeIds: row ? ['outline', row] : ['s'],
    },
  });
const started = (n: number) => [
  envelope({ testCase: { id: `t${n}`, pickleId: `p${n}`, testSteps: [] } }),
  envelope({ testCaseStarted: { id: `s${n}`, testCaseId: `t${n}`, attempt: 0 } }),
];
const step = (n: number, status: string, message?: string) =>
  envelope({
    testStepFinished: {
      testCaseStartedId: `s${n}`,
      testStepId: 'x',
      testStepResult: { status, duration: { seconds: 0, nanos: 0 }, ...(message ? { message } : {}) },
    },
  });
const attach = (n: number, mediaType: string, body: unknown) =>
  envelope({ attachment: { testCaseStartedId: `s${n}`, body: JSON.stringify(body), mediaType, contentEncoding: 'IDENTITY' } });
const check = (id: string, passed: boolean, observed = ''): CheckResult => ({ id, passed, expected: '201', observed, message: `${id}: saw ${observed}` });
const blocked: BlockedScenario = { step: 'an event exists', id: 'setup/create', observed: '406', message: 'create answered 406' };

function fold(messages: Envelope[]) {
  const collector = createScenarioCollector();
  messages.forEach(collector.onMessage);
  return collector.results();
}

test('a stable id per scenario: file and name, and for an outline row its cells', () => {
  const results = fold([
    document({ r1: ['events', '/event'], r2: ['agents', '/catalog/agent'] }),
    pickle('p1', 'Create an event with a new id'),
    pickle('p2', 'Read <index> at {base}', [], 'r1'),
    pickle('p3', 'Read <index> at {base}', [], 'r2'),
  ]);
  assert.deepEqual(
    results.map((r) => [r.id, r.status]),
    [
      ['event.feature: Create an event with a new id', 'not-selected'],
      ['event.feature: Read <index> at {base} [events | /event]', 'not-selected'],
      ['event.feature: Read <index> at {base} [agents | /catalog/agent]', 'not-selected'],
    ],
  );
});

test('checks, setup notes, calls and the clean-up come from the attachments; a failed check fails the scenario', () => {
  const [result] = fold([
    pickle('p1', 'Create', ['@rule.4.1-create']),
    ...started(1),
    attach(1, CALL_MEDIA_TYPE, [{ operation: 'createEvent', status: 200 }]),
    attach(1, SETUP_MEDIA_TYPE, { step: 'an event exists', saw: 'create answered 200; read back by id' }),
    attach(1, CHECK_MEDIA_TYPE, [check('4.1-create/status', false, '200'), check('4.1-create/stored-as-sent', true)]),
    step(1, 'PASSED'),
    attach(1, CLEANUP_MEDIA_TYPE, { left: ['event mk-abc123-ev-1'] }),
    // The After hook that fails the scenario names the failed check: it is not a second failure.
    step(1, 'FAILED', '1 check failed:\n4.1-create/status: expected 201, observed 200'),
  ]);
  assert.equal(result?.status, 'failed');
  assert.deepEqual(
    result?.checks.map((c) => [c.id, c.passed, c.fromError]),
    [
      ['4.1-create/status', false, undefined],
      ['4.1-create/stored-as-sent', true, undefined],
    ],
  );
  assert.deepEqual(result?.setup, [{ step: 'an event exists', saw: 'create answered 200; read back by id' }]);
  assert.deepEqual(result?.cleanupLeft, ['event mk-abc123-ev-1']);
  assert.equal(result?.blamedOperation, 'createEvent');
});

const statuses: Array<[string, Envelope[], string, string[]]> = [
  ['every step passed', [step(1, 'PASSED')], 'passed', []],
  ['a hook skipped it', [step(1, 'SKIPPED')], 'skipped', []],
  ['a setup step blocked it (and returned skipped)', [attach(1, BLOCKED_MEDIA_TYPE, blocked), step(1, 'SKIPPED'), step(1, 'SKIPPED')], 'blocked', []],
  [
    'a step threw: one failed check of its first rule, the quoted body cut off, run ids replaced',
    [
      attach(1, CALL_MEDIA_TYPE, [{ operation: 'createEvent', status: 200 }]),
      step(
        1,
        'FAILED',
        'createEvent answered 200, which the spec does not document: [{"message": "Event mk-1a2b3c-ev-9f8e7d6c created"}]\n    at x (y.ts:1:1)',
      ),
      step(1, 'SKIPPED'),
    ],
    'failed',
    ['4.1-create/scenario: createEvent answered 200, which the spec does not document'],
  ],
  ['an undefined step', [step(1, 'UNDEFINED')], 'failed', ['4.1-create/scenario: undefined step']],
  [
    'a failed check and a later error that names no check: both',
    [
      attach(1, CHECK_MEDIA_TYPE, [check('4.1-envelope/envelope-shape', false, 'an object')]),
      step(1, 'FAILED', 'no answer within 15000 ms from POST http://127.0.0.1:4123/event'),
    ],
    'failed',
    ['4.1-envelope/envelope-shape: an object', '4.1-create/scenario: no answer within 15000 ms from POST http://127.0.0.1:<port>/event'],
  ],
];

for (const [name, messages, status, failed] of statuses) {
  test(`status: ${name} → ${status}`, () => {
    const [result] = fold([pickle('p1', 'S', ['@events', '@rule.4.1-create', '@rule.2-rule-3']), ...started(1), ...messages]);
    assert.equal(result?.status, status);
    assert.deepEqual(
      result?.checks.filter((c) => !c.passed).map((c) => `${c.id}: ${c.observed}`),
      failed,
    );
    if (status === 'blocked') assert.deepEqual(result?.blocked, blocked);
  });
}

test('a thrown error keeps the answer it quoted; a scenario without a rule tag is filed under no-rule', () => {
  const [result] = fold([
    pickle('p1', 'S'),
    ...started(1),
    // One step's calls come in one attachment, in order: the blamed one is the last that is not housekeeping.
    attach(1, CALL_MEDIA_TYPE, [
      { operation: 'createAgent', status: 406 },
      { operation: 'deleteAgentById', status: 404, housekeeping: true },
    ]),
    step(1, 'FAILED', 'could not create the agent: 406 {"code": 406, "error": true}'),
  ]);
  assert.deepEqual(result?.checks[0]?.answer, { operation: 'createAgent', status: 406, body: '{"code": 406, "error": true}' });
  assert.equal(result?.checks[0]?.id, 'no-rule/scenario');
  assert.equal(result?.checks[0]?.observed, 'could not create the agent: 406');
  assert.deepEqual(
    result?.calls.map((c) => c.operation),
    ['createAgent', 'deleteAgentById'],
  );
});

test('only the last attempt of a retried scenario counts', () => {
  const [result] = fold([
    pickle('p1', 'S', ['@rule.r']),
    ...started(1),
    step(1, 'FAILED', 'flaky'),
    envelope({ testCaseStarted: { id: 's1b', testCaseId: 't1', attempt: 1 } }),
    envelope({ testStepFinished: { testCaseStartedId: 's1b', testStepId: 'x', testStepResult: { status: 'PASSED' } } }),
  ]);
  assert.equal(result?.status, 'passed');
  assert.deepEqual(result?.checks, []);
});
