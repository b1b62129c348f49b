import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Envelope } from '@cucumber/messages';
import { BLOCKED_MEDIA_TYPE, CHECK_MEDIA_TYPE } from './check-result.js';
import { createProgressLine } from './progress-line.js';

const e = (message: unknown) => message as Envelope;
const scenario = (n: number, steps: string[], attachments: Array<[string, unknown]> = [], willBeRetried = false) => [
  e({ testCaseStarted: { id: `s${n}` } }),
  ...attachments.map(([mediaType, body]) => e({ attachment: { testCaseStartedId: `s${n}`, mediaType, body: JSON.stringify(body) } })),
  ...steps.map((status) => e({ testStepFinished: { testCaseStartedId: `s${n}`, testStepResult: { status } } })),
  e({ testCaseFinished: { testCaseStartedId: `s${n}`, willBeRetried } }),
];

test('one character per scenario as it ends, nothing of its steps; a retried attempt prints nothing', () => {
  let text = '';
  const progress = createProgressLine((t) => (text += t));
  [
    ...scenario(1, ['PASSED', 'PASSED']),
    ...scenario(2, ['PASSED', 'FAILED'], [[CHECK_MEDIA_TYPE, [{ passed: true }, { passed: false }]]]),
    ...scenario(3, ['SKIPPED'], [[BLOCKED_MEDIA_TYPE, { id: 'setup/create' }]]),
    ...scenario(4, ['SKIPPED']),
    ...scenario(5, ['FAILED']),
    ...scenario(6, ['FAILED'], [], true),
    ...scenario(7, ['UNDEFINED']),
  ].forEach(progress.onMessage);
  progress.end();
  assert.equal(text, '.FB-FF\n');
});

test('a line holds a hundred scenarios', () => {
  let text = '';
  const progress = createProgressLine((t) => (text += t));
  for (let n = 0; n < 150; n++) scenario(n, ['PASSED']).forEach(progress.onMessage);
  progress.end();
  assert.deepEqual(
    text.split('\n').map((l) => l.length),
    [100, 50, 0],
  );
});
