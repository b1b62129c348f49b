import fc from 'fast-check';
import { createVocabulary } from '../generate/vocabulary.js';
import type { FuzzContext, FuzzFailure } from '../run/fuzz-session.js';
import type { HuntOptions } from '../run/hunt-failure.js';
import { groupArbitrary, withRequests, type ConcurrentGroup } from './concurrent-group.js';
import { runGroup, type GroupResult } from './run-group.js';

/** What the concurrency phase of a run spent (the reports show it). */
export interface ConcurrencyTally {
  /** `--concurrency N`: the requests of a group, all in flight at once. */
  inFlight: number;
  /** Generated groups sent (shrinking runs not counted). */
  groups: number;
  /** Extra groups sent while shrinking failures. */
  shrinkGroups: number;
  /** Requests of the phase: the groups', and the creates, reads and deletes around each. */
  requests: number;
  durationMs: number;
  /** Groups whose serial-order search gave up (too many states): neither passed nor failed. */
  undecided: number;
}

/** How the phase is bounded (as a hunt for failures is: hunt-failure.ts), and where it reports. */
export interface ConcurrencyOptions extends Pick<HuntOptions, 'deadline' | 'shrinkBudgetMs' | 'known'> {
  /** Requests per group, all sent at once. */
  size: number;
  /** Generated groups at most. */
  groups: number;
  randomSeed: number;
  record(failure: FuzzFailure): void;
  /** True once the run must stop (enough failures, or the target throttled it). */
  stop(): boolean;
}

/** A race does not show every time: a smaller group is tried this often before it counts as passing. */
const SHRINK_TRIES = 5;

/**
 * `mgmt-kit fuzz --concurrency N`: groups of N overlapping requests on one record (concurrent-group.ts),
 * each sent at once and judged by the serial-order search with the allowances (run-group.ts). A
 * failure not seen before is shrunk — one request left out at a time, each smaller group sent up
 * to five times, since a race does not show every time — to the smallest group that still shows
 * it; its repro sends that group at once (concurrent-repro.ts). Every id is a new one under the
 * run prefix, deleted after its group.
 */
export async function runConcurrency(context: FuzzContext, options: ConcurrencyOptions): Promise<ConcurrencyTally> {
  const started = Date.now();
  const sentBefore = context.sender.count;
  const tally: ConcurrencyTally = { inFlight: options.size, groups: 0, shrinkGroups: 0, requests: 0, durationMs: 0, undecided: 0 };
  const arbitrary = groupArbitrary(context.doc, createVocabulary(context.runPrefix), options.size, context.runPrefix);
  const groups = fc.sample(arbitrary, { seed: options.randomSeed, numRuns: options.groups });
  let ids = 0;
  const run = async (group: ConcurrentGroup, shrinking: boolean): Promise<GroupResult> => {
    if (shrinking) tally.shrinkGroups++;
    else tally.groups++;
    const result = await runGroup(context, group, `${context.runPrefix}c${++ids}`);
    if (!result.cutShort && result.undecided) tally.undecided++;
    return result;
  };
  try {
    for (const group of groups) {
      if (Date.now() >= options.deadline || options.stop()) break;
      const result = await run(group, false);
      if (result.cutShort || !result.failure || options.known.has(result.failure.signature)) continue;
      const shrunk = await shrinkGroup(group, result.failure, Math.min(Date.now() + options.shrinkBudgetMs, options.deadline), run);
      const size = shrunk.group.requests.length;
      options.record({ ...shrunk.failure, title: `${shrunk.failure.title} — ${size} request(s) at once, shrunk from ${group.requests.length}` });
    }
  } finally {
    tally.requests = context.sender.count - sentBefore;
    tally.durationMs = Date.now() - started;
  }
  return tally;
}

/**
 * Leaves out one request at a time while a group without it still fails with the same signature
 * (within {@link SHRINK_TRIES} sends), until no request can go or `until` has come.
 */
async function shrinkGroup(
  group: ConcurrentGroup,
  failure: FuzzFailure,
  until: number,
  run: (group: ConcurrentGroup, shrinking: boolean) => Promise<GroupResult>,
): Promise<{ group: ConcurrentGroup; failure: FuzzFailure }> {
  let smallest = { group, failure };
  for (let shrunk = true; shrunk && smallest.group.requests.length > 1; ) {
    shrunk = false;
    for (let leave = 0; leave < smallest.group.requests.length && !shrunk; leave++) {
      const keep = smallest.group.requests.map((_, i) => i).filter((i) => i !== leave);
      const candidate = withRequests(smallest.group, keep);
      for (let attempt = 0; attempt < SHRINK_TRIES; attempt++) {
        if (Date.now() >= until) return smallest;
        const result = await run(candidate, true);
        if (result.cutShort) return smallest;
        if (result.failure?.signature === failure.signature) {
          smallest = { group: candidate, failure: result.failure };
          shrunk = true;
          break;
        }
      }
    }
  }
  return smallest;
}
