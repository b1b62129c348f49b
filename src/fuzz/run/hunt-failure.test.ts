// A hunt ends when its time is up, however many shrink candidates fast-check could still try: the
// sequences are the real generated ones (thousands of costly shrink candidates each), the target
// is a stand-in that takes 20 ms a sequence and fails every sequence of at least four steps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadOpenApiDocument } from '../../spec/openapi-document.js';
import type { FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { huntFailure, type HuntOptions } from './hunt-failure.js';
import type { SequenceResult } from './run-sequence.js';
import { sequenceArbitrary } from '../generate/step-arbitrary.js';
import { createVocabulary } from '../generate/vocabulary.js';

const sequences = sequenceArbitrary(loadOpenApiDocument(), createVocabulary('fz-hunt00-'), 12);
const failureOf = (steps: readonly FuzzStep[]): FuzzFailure => ({
  signature: 'long-sequence',
  title: `${steps.length} steps`,
  expected: '',
  actual: '',
  exchanges: [],
});

/** A target that fails every sequence of four steps or more; a sequence takes 20 ms, so shrinking one takes seconds. */
function failsLongSequences(calls: Array<'generated' | 'shrinking'>): HuntOptions['run'] {
  return async (steps, shrinking) => {
    calls.push(shrinking ? 'shrinking' : 'generated');
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { cutShort: false, failure: steps.length >= 4 ? failureOf(steps) : undefined };
  };
}

async function timedHunt(options: Partial<HuntOptions> & Pick<HuntOptions, 'run'>) {
  const started = Date.now();
  const result = await huntFailure(sequences, { seed: 7, numRuns: 200, deadline: started + 60_000, shrinkBudgetMs: 60_000, known: new Set(), ...options });
  return { result, ms: Date.now() - started };
}

describe('huntFailure', () => {
  it('shrinking stops at its budget and keeps the smallest failure so far, instead of trying every remaining candidate', async () => {
    const calls: Array<'generated' | 'shrinking'> = [];
    const { result, ms } = await timedHunt({ shrinkBudgetMs: 500, run: failsLongSequences(calls) });
    assert.ok(ms < 2000, `the hunt took ${ms} ms`);
    assert.ok(result, 'the failure is reported');
    assert.equal(result.shrinkCutShort, true);
    assert.ok(result.numShrinks > 0 && calls.includes('shrinking'), `${result.numShrinks} shrinks`);
    assert.match(result.failure.title, /^\d+ steps$/);
    assert.ok(Number.parseInt(result.failure.title, 10) >= 4);
  });

  it('the deadline ends a hunt mid-shrink, whatever is left of the shrink budget', async () => {
    const { result, ms } = await timedHunt({ deadline: Date.now() + 700, run: failsLongSequences([]) });
    assert.ok(ms < 2000, `the hunt took ${ms} ms`);
    assert.equal(result?.shrinkCutShort, true);
  });

  it('a sequence the time budget cut short ends the hunt with nothing to report', async () => {
    const calls: string[] = [];
    const run = async (): Promise<SequenceResult> => {
      calls.push('run');
      return { cutShort: true };
    };
    const { result } = await timedHunt({ run });
    assert.equal(result, undefined);
    assert.deepEqual(calls, ['run'], 'no sequence ran after it');
  });

  it('a crash of the fuzzer is rethrown at once, never shrunk', async () => {
    let runs = 0;
    const crash = new Error('refused to send');
    const run = async (): Promise<SequenceResult> => {
      runs++;
      throw crash;
    };
    await assert.rejects(timedHunt({ run }), crash);
    assert.equal(runs, 1);
  });

  it('a failure already reported counts as passing: the hunt runs every sequence and finds nothing new', async () => {
    const calls: Array<'generated' | 'shrinking'> = [];
    const { result } = await timedHunt({ numRuns: 30, known: new Set(['long-sequence']), run: failsLongSequences(calls) });
    assert.equal(result, undefined);
    assert.deepEqual(calls, Array(30).fill('generated'));
  });
});
