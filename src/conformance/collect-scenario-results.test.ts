import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Envelope } from '@cucumber/messages';
import { CALL_MEDIA_TYPE } from './call-log-entry.js';
import { createScenarioCollector } from './collect-scenario-results.js';

const pickle = (id: string, name: string, tags: string[] = []) =>
  ({
    pickle: { id, name, uri: 'f.feature', tags: tags.map((t) => ({ name: t, astNodeId: '' })), steps: [], astNodeIds: [], language: 'en' },
  }) as unknown as Envelope;
const step = (started: string, status: string, message?: string) =>
  ({
    testStepFinished: {
      testCaseStartedId: started,
      testStepId: 's',
      testStepResult: { status, duration: { seconds: 0, nanos: 0 }, ...(message ? { message } : {}) },
      timestamp: { seconds: 0, nanos: 0 },
    },
  }) as unknown as Envelope;
const call = (started: string, operation: string, status: number, housekeeping = false) =>
  ({
    attachment: {
      testCaseStartedId: started,
      body: JSON.stringify({ operation, status, ...(housekeeping ? { housekeeping } : {}) }),
      mediaType: CALL_MEDIA_TYPE,
      contentEncoding: 'IDENTITY',
    },
  }) as unknown as Envelope;

test('folds the message stream into one result per pickle, blaming the last call before the failure', () => {
  const collector = createScenarioCollector();
  const messages: Envelope[] = [
    pickle('p1', 'passes'),
    pickle('p2', 'fails'),
    pickle('p3', 'filtered out', ['@destructive']),
    pickle('p4', 'skipped by a hook', ['@needs-jwt-secret']),
    ...[1, 2, 4].map((n) => ({ testCase: { id: `t${n}`, pickleId: `p${n}`, testSteps: [] } }) as unknown as Envelope),
    { testCaseStarted: { id: 's1', testCaseId: 't1', attempt: 0 } } as unknown as Envelope,
    call('s1', 'readEvents', 200),
    step('s1', 'PASSED'),
    { testCaseStarted: { id: 's2', testCaseId: 't2', attempt: 0 } } as unknown as Envelope,
    call('s2', 'createEvent', 201),
    call('s2', 'deleteEvents', 205),
    step('s2', 'PASSED'),
    step('s2', 'FAILED', 'deleteEvents answered 205, expected 404\n    at x (y.ts:1:1)'),
    step('s2', 'SKIPPED'),
    call('s2', 'deleteEventById', 404, true),
    { testCaseStarted: { id: 's4', testCaseId: 't4', attempt: 0 } } as unknown as Envelope,
    step('s4', 'SKIPPED'),
  ];
  messages.forEach(collector.onMessage);
  const results = collector.results();
  assert.deepEqual(
    results.map((r) => [r.name, r.status, r.error, r.blamedOperation, r.calls.length]),
    [
      ['passes', 'passed', undefined, undefined, 1],
      ['fails', 'failed', 'deleteEvents answered 205, expected 404', 'deleteEvents', 3],
      ['filtered out', 'not-selected', undefined, undefined, 0],
      ['skipped by a hook', 'skipped', undefined, undefined, 0],
    ],
  );
});
