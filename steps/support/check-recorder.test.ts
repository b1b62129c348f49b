import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BLOCKED_MEDIA_TYPE, CHECK_MEDIA_TYPE, SETUP_MEDIA_TYPE } from '../../src/target/conformance/check-result.js';
import { CheckRecorder, ScenarioBlocked, skipWhenBlocked } from './check-recorder.js';
import type { CallOutcome } from './call-outcome.js';

function recorder() {
  const attached: Array<{ mediaType: string; body: Record<string, unknown> }> = [];
  const checks = new CheckRecorder(
    (body, mediaType) => attached.push({ mediaType, body: JSON.parse(body) as Record<string, unknown> }),
    (text) => text.replace(/mk-\w+/g, '<id>'),
  );
  return { checks, attached };
}

const answer: CallOutcome = { operation: 'createEvent', status: 200, data: undefined, rawBody: `[${'x'.repeat(400)}]`, headers: {} };

test('verify: the checks of a step are attached together when it ends (flush); observed is normalised, and empty when passed', () => {
  const { checks, attached } = recorder();
  assert.equal(checks.verify('4.1-create/status', true, { expected: '201', observed: '201', message: 'fine' }), true);
  assert.equal(
    checks.verify('4.1-create/status', false, { expected: '201', observed: '200 for mk-abc', message: 'createEvent answered 200', outcome: answer }),
    false,
  );
  assert.equal(attached.length, 0, 'nothing is attached before the step ends');
  checks.flush();
  checks.flush();
  assert.equal(attached.length, 1, 'one attachment for the step, none for a flush with nothing recorded');
  const list = attached[0]!.body as unknown as Array<Record<string, unknown>>;
  assert.equal(attached[0]!.mediaType, CHECK_MEDIA_TYPE);
  assert.deepEqual(
    list.map((c) => [c['id'], c['passed'], c['observed']]),
    [
      ['4.1-create/status', true, ''],
      ['4.1-create/status', false, '200 for <id>'],
    ],
  );
  assert.deepEqual(list[1]!['answer'], { operation: 'createEvent', status: 200, body: answer.rawBody.slice(0, 300) });
});

test('verify: the same check with the same result and observed value is recorded once per scenario', () => {
  const { checks, attached } = recorder();
  for (const run of ['mk-a', 'mk-b']) checks.verify('7-nothing-to-do/unchanged', false, { expected: 'x', observed: `created ${run}`, message: run });
  checks.flush();
  checks.verify('7-nothing-to-do/unchanged', false, { expected: 'x', observed: 'removed', message: 'another kind' });
  checks.verify('7-nothing-to-do/unchanged', false, { expected: 'x', observed: 'created mk-c', message: 'in a later step' });
  checks.flush();
  assert.deepEqual(
    attached.map((a) => (a.body as unknown as unknown[]).length),
    [1, 1],
  );
  assert.equal(checks.failed().length, 2);
});

test('failureMessage: undefined while every check passed, else one message naming each failed check', () => {
  const { checks } = recorder();
  checks.verify('4.1-read/status', true, { expected: '200', observed: '', message: '' });
  assert.equal(checks.failureMessage(), undefined);
  checks.verify('4.1-create/status', false, { expected: '201', observed: '200', message: 'createEvent answered 200' });
  checks.verify('4.1-delete/status', false, { expected: '205', observed: '200', message: 'deleteEvents answered 200' });
  assert.equal(
    checks.failureMessage(),
    [
      '4.1-create/status: expected 201, observed 200 (and 1 more failed check below)',
      '  createEvent answered 200',
      '4.1-delete/status: expected 205, observed 200',
      '  deleteEvents answered 200',
    ].join('\n'),
  );
});

test('block attaches the blocked scenario and returns the error that skips the step; setupSaw attaches a note', () => {
  const { checks, attached } = recorder();
  checks.setupSaw('an event with a new id exists', 'createEvent answered 200 (the description: 201); the record reads back by its id');
  const error = checks.block('an event with a new id exists', 'setup/create', { observed: '406 for mk-x', message: 'could not create' });
  assert.ok(error instanceof ScenarioBlocked);
  assert.deepEqual(
    attached.map((a) => a.mediaType),
    [SETUP_MEDIA_TYPE, BLOCKED_MEDIA_TYPE],
  );
  assert.deepEqual(attached[1]!.body, { step: 'an event with a new id exists', id: 'setup/create', observed: '406 for <id>', message: 'could not create' });
  assert.equal(checks.failureMessage(), undefined, 'a block is no failed check');
});

test('skipWhenBlocked: a blocked step, sync or async, ends as skipped; any other error still fails it', async () => {
  const blocked = new ScenarioBlocked({ step: 's', id: 'setup/create', observed: '', message: 'm' });
  assert.equal(
    skipWhenBlocked(() => {
      throw blocked;
    })(),
    'skipped',
  );
  assert.equal(await skipWhenBlocked(async () => Promise.reject(blocked))(), 'skipped');
  assert.equal(await skipWhenBlocked(async () => 'done')(), 'done');
  await assert.rejects(async () => skipWhenBlocked(async () => Promise.reject(new Error('broken')))(), /broken/);
  assert.throws(() =>
    skipWhenBlocked(() => {
      throw new Error('broken');
    })(),
  );
  const wrapped = skipWhenBlocked(function (this: unknown) {
    return this;
  });
  const world = {};
  assert.equal(wrapped.call(world), world, 'the World stays `this`');
});
