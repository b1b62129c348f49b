import type { StoreOptions } from './fill-store.js';
import { findSeedProblems, freezeSeed, SeedError, type SeedData } from './seed-records.js';
import type { RecordValidator } from './validate-record.js';

/** What a core loads: {@link onReset} on every reset, {@link atStart} once when it is created. */
export interface StartRecords {
  /** The preload option as given (`fillStore` preloads unless it is false) and the frozen seed. */
  onReset: StoreOptions;
  /** The saved state when one was given (`--data`, no preload added), else {@link onReset}. */
  atStart: StoreOptions;
}

/**
 * Reads a core's start options: the seed and the saved state, each checked as a seed is and
 * frozen once (see {@link freezeSeed}). Throws {@link SeedError} listing every problem of both;
 * the saved state's are named as the initial state's.
 */
export function readStartRecords(options: { preload?: boolean; seed?: SeedData; initialState?: SeedData }, validate: RecordValidator): StartRecords {
  const problems = options.seed === undefined ? [] : findSeedProblems(options.seed, validate);
  if (options.initialState !== undefined) problems.push(...findSeedProblems(options.initialState, validate).map((p) => `initial state: ${p}`));
  if (problems.length > 0) throw new SeedError(problems);
  const onReset: StoreOptions = options.seed === undefined ? { preload: options.preload } : { preload: options.preload, seed: freezeSeed(options.seed) };
  const atStart: StoreOptions = options.initialState === undefined ? onReset : { preload: false, seed: freezeSeed(options.initialState) };
  return { onReset, atStart };
}
