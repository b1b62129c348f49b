import fc from 'fast-check';
import type { FuzzContext, FuzzFailure } from '../run/fuzz-session.js';
import { shrinkFailure } from '../run/shrink-list.js';
import { createSequenceIds } from '../generate/sequence-ids.js';
import { groupArbitrary, runGroup, type ConcurrentGroup, type GroupResult } from './run-group.js';

export interface ConcurrencyTally {
  /** `--concurrency N`: the requests of a group, all in flight at once. */
  inFlight: number;
  /** Generated groups sent, and extra ones while shrinking. */
  groups: number;
  shrinkGroups: number;
  /** The groups', and the creates, reads and deletes around each. */
  requests: number;
  durationMs: number;
  /** Groups whose serial-order search gave up (too many states): neither passed nor failed. */
  undecided: number;
}

/** How the phase is bounded, and where it reports. */
export interface ConcurrencyOptions {
  size: number;
  groups: number;
  randomSeed: number;
  deadline: number;
  shrinkBudgetMs: number;
  /** Failures already reported, by signature: not shrunk again. */
  known: ReadonlyMap<string, unknown>;
  record(failure: FuzzFailure): void;
  /** True once the run must stop (enough failures, or the target throttled it). */
  stop(): boolean;
}

/** A race does not show every time: a smaller group is tried this often before it counts as not showing it. */
const SHRINK_TRIES = 5;

/**
 * `mgmt-kit fuzz --concurrency N`: groups of N overlapping requests on one record, each sent at once and judged (run-group.ts). A new failure is shrunk to the
 * smallest group that still shows it, each smaller group sent up to five times. Every group has ids of its own, deleted after it.
 */
export async function runConcurrency(context: FuzzContext, options: ConcurrencyOptions): Promise<ConcurrencyTally> {
  const started = Date.now();
  const sentBefore = context.sender.count;
  const tally: ConcurrencyTally = { inFlight: options.size, groups: 0, shrinkGroups: 0, requests: 0, durationMs: 0, undecided: 0 };
  const run = async (group: ConcurrentGroup, shrinking: boolean): Promise<GroupResult> => {
    if (shrinking) tally.shrinkGroups++;
    else tally.groups++;
    const result = await runGroup(context, group, createSequenceIds(context.runPrefix, `c${tally.groups + tally.shrinkGroups}`));
    if (!result.cutShort && result.undecided) tally.undecided++;
    return result;
  };
  try {
    for (const group of fc.sample(groupArbitrary(context.doc, options.size, context.runPrefix), { seed: options.randomSeed, numRuns: options.groups })) {
      if (Date.now() >= options.deadline || options.stop()) break;
      const result = await run(group, false);
      for (const failure of result.cutShort ? [] : result.failures) {
        if (options.known.has(failure.signature)) {
          options.record(failure);
          continue;
        }
        const until = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
        const { items, smallest } = await shrinkFailure(group.steps, failure, (steps) => run({ ...group, steps }, true), until, SHRINK_TRIES);
        options.record({ ...smallest, title: `${smallest.title} — ${items.length} request(s) at once, shrunk from ${group.steps.length}` });
      }
    }
  } finally {
    tally.requests = context.sender.count - sentBefore;
    tally.durationMs = Date.now() - started;
  }
  return tally;
}
