import fc from 'fast-check';
import type { FuzzStep } from '../generate/fuzz-step.js';
import type { FuzzFailure } from './fuzz-session.js';
import type { SequenceResult } from './run-sequence.js';

/** How one hunt is bounded and what it may not report again. */
export interface HuntOptions {
  seed: number;
  /** Sequences to generate at most. */
  numRuns: number;
  /** Nothing is generated or shrunk after this (epoch ms): the run's time budget. */
  deadline: number;
  /** Shrinking one failure stops after this long (and at the deadline, whichever comes first). */
  shrinkBudgetMs: number;
  /** Signatures already reported: a sequence showing only one of them counts as passing. */
  known: ReadonlySet<string>;
  /** Runs one sequence; counts it as generated or as a shrinking run. */
  run(steps: FuzzStep[], shrinking: boolean): Promise<SequenceResult>;
}

/** A new failure, shrunk, and how many shrinking steps fast-check took to get there. */
export interface HuntResult {
  failure: FuzzFailure;
  numShrinks: number;
  /** Shrinking was stopped by its budget or the deadline: a shorter sequence may show it too. */
  shrinkCutShort: boolean;
}

/**
 * Thrown by the property, ends fast-check's check at once, keeping the smallest failure so far. A
 * property that merely passed instead let fast-check go on enumerating shrink candidates — over
 * 6 000 for one 9-step sequence, 5 ms of CPU each, every promise resolved at once so not even a
 * timer could run in between. (fast-check's interruptAfterTimeLimit ends the same way, but by
 * racing the property against a timer: the sequence in flight would go on sending requests.)
 */
const stopChecking = () => new fc.PreconditionFailure(true);

/**
 * One fast-check search: generates sequences until one shows a failure not seen before, then lets
 * fast-check shrink it — dropping and simplifying steps — keeping only candidates that show that
 * same failure, so the repro stays about one broken behaviour. The deadline, the shrink budget, a
 * sequence the budget cut short, and a crash of the fuzzer itself each end the search at once.
 * A crash (such as a refused unsafe request) is rethrown, never shrunk.
 */
export async function huntFailure(sequences: fc.Arbitrary<FuzzStep[]>, options: HuntOptions): Promise<HuntResult | undefined> {
  let hunted: string | undefined;
  let minimal: FuzzFailure | undefined;
  let shrinkUntil = options.deadline;
  let crash: unknown;
  const property = fc.asyncProperty(sequences, async (steps) => {
    if (crash !== undefined || Date.now() >= (hunted === undefined ? options.deadline : shrinkUntil)) throw stopChecking();
    let result: SequenceResult;
    try {
      result = await options.run(steps, hunted !== undefined);
    } catch (error) {
      crash = error;
      throw stopChecking();
    }
    if (result.cutShort) throw stopChecking();
    const { failure } = result;
    if (!failure || options.known.has(failure.signature) || (hunted !== undefined && failure.signature !== hunted)) return true;
    if (hunted === undefined) {
      hunted = failure.signature;
      shrinkUntil = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
    }
    minimal = failure;
    return false;
  });
  const details = await fc.check(property, { seed: options.seed | 0, numRuns: Math.max(1, options.numRuns) });
  if (crash !== undefined) throw crash;
  return details.failed && minimal ? { failure: minimal, numShrinks: details.numShrinks, shrinkCutShort: details.interrupted } : undefined;
}

/**
 * Runs one probe sequence (probe-sequences.ts) and, when it shows a failure not seen before,
 * shrinks it by dropping steps — halves, then quarters, down to single steps — keeping every
 * candidate that still shows that same failure, until nothing more can go or the shrink budget
 * is spent. A probe is a fixed sequence, not a generated value fast-check could shrink; dropping
 * steps is what makes its repro as short as a random sequence's.
 */
export async function huntProbe(steps: readonly FuzzStep[], options: Omit<HuntOptions, 'seed' | 'numRuns'>): Promise<HuntResult | undefined> {
  if (Date.now() >= options.deadline) return undefined;
  const first = await options.run([...steps], false);
  if (first.cutShort || !first.failure || options.known.has(first.failure.signature)) return undefined;
  let failure = first.failure;
  let current = [...steps];
  let numShrinks = 0;
  const until = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
  for (let size = Math.ceil(current.length / 2); size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
    for (let start = 0; start < current.length && current.length > 1; ) {
      if (Date.now() >= until) return { failure, numShrinks, shrinkCutShort: true };
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      if (candidate.length === 0) {
        start += size;
        continue;
      }
      const result = await options.run(candidate, true);
      if (!result.cutShort && result.failure?.signature === failure.signature) {
        current = candidate;
        failure = result.failure;
        numShrinks++;
      } else start += size;
    }
  }
  return { failure, numShrinks, shrinkCutShort: false };
}
