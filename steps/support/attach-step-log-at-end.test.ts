import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attachStepLogAtEnd } from './attach-step-log-at-end.js';

/** A World's call log: what the step logged, and what was attached (one array per flush). */
function world() {
  const attached: string[][] = [];
  let log: string[] = [];
  return {
    attached,
    call: (operation: string) => log.push(operation),
    flushStepLog() {
      if (log.length > 0) attached.push(log);
      log = [];
    },
  };
}

type World = ReturnType<typeof world>;

const cases: Array<[string, (this: World) => unknown, 'returns' | 'rejects' | 'throws']> = [
  [
    'a sync step',
    function () {
      this.call('readEvents');
      this.call('readAgents');
    },
    'returns',
  ],
  [
    'an async step',
    async function () {
      this.call('readEvents');
      await Promise.resolve();
      this.call('readAgents');
    },
    'returns',
  ],
  [
    'a sync step that throws',
    function () {
      this.call('readEvents');
      this.call('readAgents');
      throw new Error('boom');
    },
    'throws',
  ],
  [
    'an async step that rejects',
    async function () {
      this.call('readEvents');
      await Promise.resolve();
      this.call('readAgents');
      throw new Error('boom');
    },
    'rejects',
  ],
];

for (const [name, step, ends] of cases) {
  test(`attachStepLogAtEnd: ${name} attaches its calls once, in order, before it ${ends === 'returns' ? 'returns' : 'fails'}`, async () => {
    const w = world();
    const wrapped = attachStepLogAtEnd(step as (this: unknown) => unknown);
    if (ends === 'throws') assert.throws(() => wrapped.call(w), /boom/);
    else if (ends === 'rejects') await assert.rejects(async () => await wrapped.call(w), /boom/);
    else await wrapped.call(w);
    assert.deepEqual(w.attached, [['readEvents', 'readAgents']]);
  });
}

test('attachStepLogAtEnd: a step without calls attaches nothing, and returns what it returned', async () => {
  const w = world();
  assert.equal(attachStepLogAtEnd(() => 'skipped').call(w), 'skipped');
  assert.equal(await attachStepLogAtEnd(async () => 'skipped').call(w), 'skipped');
  assert.deepEqual(w.attached, []);
});

test('attachStepLogAtEnd: a run hook (no World) runs as it is', () => {
  assert.equal(attachStepLogAtEnd(() => 'done').call({}), 'done');
  assert.equal(attachStepLogAtEnd(() => 'done').call(undefined), 'done');
});
