import fc from 'fast-check';
import type { FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from './fuzz-step.js';

/** How one hunt is bounded and what it may not report again. */
export interface HuntOptions {
  seed: number;
  /** Sequences to generate at most. */
  numRuns: number;
  /** No new sequence starts after this (epoch ms). */
  deadline: number;
  /** Shrinking one failure stops after this long (and never runs past deadline + this). */
  shrinkBudgetMs: number;
  /** Signatures already reported: a sequence showing only one of them counts as passing. */
  known: ReadonlySet<string>;
  /** Runs one sequence; counts it as generated or as a shrinking run. */
  run(steps: FuzzStep[], shrinking: boolean): Promise<FuzzFailure | undefined>;
}

/** A new failure, shrunk, and how many shrinking steps fast-check took to get there. */
export interface HuntResult {
  failure: FuzzFailure;
  numShrinks: number;
}

/**
 * One fast-check search: generates sequences until one shows a failure not seen before, then lets
 * fast-check shrink it — dropping and simplifying steps — keeping only candidates that show that
 * same failure, so the repro stays about one broken behaviour. Past the deadline (or the shrink
 * budget) every candidate counts as passing, which ends the search with the smallest one so far.
 * A crash of the fuzzer itself (such as a refused unsafe request) is rethrown, never shrunk.
 */
export async function huntFailure(sequences: fc.Arbitrary<FuzzStep[]>, options: HuntOptions): Promise<HuntResult | undefined> {
  let hunted: string | undefined;
  let minimal: FuzzFailure | undefined;
  let shrinkDeadline = Number.POSITIVE_INFINITY;
  let crash: unknown;
  const property = fc.asyncProperty(sequences, async (steps) => {
    const stopAt = Math.min(hunted ? shrinkDeadline : options.deadline, options.deadline + options.shrinkBudgetMs);
    if (crash !== undefined || Date.now() > stopAt) return true;
    try {
      const failure = await options.run(steps, hunted !== undefined);
      if (!failure || options.known.has(failure.signature) || (hunted !== undefined && failure.signature !== hunted)) return true;
      if (hunted === undefined) {
        hunted = failure.signature;
        shrinkDeadline = Date.now() + options.shrinkBudgetMs;
      }
      minimal = failure;
      return false;
    } catch (error) {
      crash = error;
      return true;
    }
  });
  const details = await fc.check(property, { seed: options.seed | 0, numRuns: Math.max(1, options.numRuns) });
  if (crash !== undefined) throw crash;
  return details.failed && minimal ? { failure: minimal, numShrinks: details.numShrinks } : undefined;
}
