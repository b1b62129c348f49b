// A probe's failure is shrunk by dropping steps: the stand-in target fails a sequence while it
// holds two marked steps (a create and the update that shows the breakage), whatever else it holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FuzzFailure } from './fuzz-session.js';
import { NORMAL_TRANSPORT, type FuzzStep } from '../generate/fuzz-step.js';
import { huntProbe } from './hunt-failure.js';
import type { SequenceResult } from './run-sequence.js';

const step = (slot: number): FuzzStep => ({ op: 'read', index: 'event', transport: NORMAL_TRANSPORT, slot, query: undefined });
const probe = Array.from({ length: 11 }, (_, n) => step(n));
const failureOf = (steps: readonly FuzzStep[], signature = 'needs-3-and-8'): FuzzFailure => ({
  signature,
  title: `${steps.length} steps`,
  expected: '',
  actual: '',
  exchanges: [],
});
const holds = (steps: readonly FuzzStep[], slot: number) => steps.some((s) => s.op === 'read' && s.slot === slot);

function target(calls: Array<'probe' | 'shrinking'>, fails = (steps: readonly FuzzStep[]) => holds(steps, 3) && holds(steps, 8)) {
  return async (steps: FuzzStep[], shrinking: boolean): Promise<SequenceResult> => {
    calls.push(shrinking ? 'shrinking' : 'probe');
    return { cutShort: false, failure: fails(steps) ? failureOf(steps) : undefined };
  };
}

const options = (run: ReturnType<typeof target>, extra: Partial<Parameters<typeof huntProbe>[1]> = {}) => ({
  deadline: Date.now() + 60_000,
  shrinkBudgetMs: 60_000,
  known: new Set<string>(),
  run,
  ...extra,
});

describe('huntProbe', () => {
  it('shrinks a failing probe to the steps the failure needs', async () => {
    const calls: Array<'probe' | 'shrinking'> = [];
    const result = await huntProbe(probe, options(target(calls)));
    assert.ok(result);
    assert.equal(result.failure.title, '2 steps');
    assert.equal(result.shrinkCutShort, false);
    assert.ok(result.numShrinks > 0);
    assert.equal(calls[0], 'probe');
    assert.ok(calls.slice(1).every((c) => c === 'shrinking'));
  });

  it('a passing probe, a failure already reported and a probe the budget cut short report nothing, after one run', async () => {
    for (const run of [target([], () => false), async (): Promise<SequenceResult> => ({ cutShort: true })]) {
      assert.equal(await huntProbe(probe, options(run)), undefined);
    }
    const calls: Array<'probe' | 'shrinking'> = [];
    assert.equal(await huntProbe(probe, options(target(calls), { known: new Set(['needs-3-and-8']) })), undefined);
    assert.deepEqual(calls, ['probe']);
  });

  it('a candidate showing another failure is not kept: the repro stays about the first one', async () => {
    const run = async (steps: FuzzStep[]): Promise<SequenceResult> => ({
      cutShort: false,
      failure: steps.length === 11 ? failureOf(steps) : failureOf(steps, 'other'),
    });
    const result = await huntProbe(probe, options(run));
    assert.equal(result?.failure.title, '11 steps');
    assert.equal(result?.numShrinks, 0);
  });

  it('the shrink budget ends shrinking with the smallest failure so far; past the deadline nothing runs', async () => {
    const calls: Array<'probe' | 'shrinking'> = [];
    const slow = target(calls);
    const run = async (steps: FuzzStep[], shrinking: boolean) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return slow(steps, shrinking);
    };
    const result = await huntProbe(probe, options(run, { shrinkBudgetMs: 50 }));
    assert.equal(result?.shrinkCutShort, true);
    assert.ok(calls.length <= 4, `${calls.length} runs`);
    const none: Array<'probe' | 'shrinking'> = [];
    assert.equal(await huntProbe(probe, options(target(none), { deadline: Date.now() - 1 })), undefined);
    assert.deepEqual(none, []);
  });
});
