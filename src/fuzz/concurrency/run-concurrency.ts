import fc from 'fast-check';
import { createVocabulary } from '../generate/vocabulary.js';
import type { FuzzContext, FuzzFailure } from '../run/fuzz-session.js';
import { shrinkList } from '../run/shrink-list.js';
import { groupArbitrary, type ConcurrentGroup } from './concurrent-group.js';
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

/** How the phase is bounded, and where it reports. */
export interface ConcurrencyOptions {
  /** Requests per group, all sent at once. */
  size: number;
  /** Generated groups at most. */
  groups: number;
  randomSeed: number;
  /** Nothing is generated or shrunk after this (epoch ms). */
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
 * `mgmt-kit fuzz --concurrency N`: groups of N overlapping requests on one record (concurrent-group.ts), each sent at once and judged by every check and the
 * serial-order search (run-group.ts). A failure not seen before is shrunk by the fuzzer's one shrinker (shrink-list.ts) — each smaller group sent up to five
 * times, since a race does not show every time — to the smallest group that still shows it; its repro sends that group at once (curl-repro.ts). Every id is a
 * new one under the run prefix, deleted after its group.
 */
export async function runConcurrency(context: FuzzContext, options: ConcurrencyOptions): Promise<ConcurrencyTally> {
  const started = Date.now();
  const sentBefore = context.sender.count;
  const tally: ConcurrencyTally = { inFlight: options.size, groups: 0, shrinkGroups: 0, requests: 0, durationMs: 0, undecided: 0 };
  const arbitrary = groupArbitrary(context.doc, createVocabulary(context.runPrefix), options.size, context.runPrefix);
  let ids = 0;
  const run = async (group: ConcurrentGroup, shrinking: boolean): Promise<GroupResult> => {
    if (shrinking) tally.shrinkGroups++;
    else tally.groups++;
    const result = await runGroup(context, group, `${context.runPrefix}c${++ids}`);
    if (!result.cutShort && result.undecided) tally.undecided++;
    return result;
  };
  try {
    for (const group of fc.sample(arbitrary, { seed: options.randomSeed, numRuns: options.groups })) {
      if (Date.now() >= options.deadline || options.stop()) break;
      const result = await run(group, false);
      if (result.cutShort) continue;
      for (const failure of result.failures) {
        if (options.known.has(failure.signature)) {
          options.record(failure);
          continue;
        }
        let smallest = failure;
        const until = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
        const shrunk = await shrinkList(
          group.requests,
          async (requests) => {
            for (let attempt = 0; attempt < SHRINK_TRIES && Date.now() < until; attempt++) {
              const again = await run({ ...group, requests }, true);
              if (again.cutShort) return 'cut-short';
              const same = again.failures.find((f) => f.signature === failure.signature);
              if (same) {
                smallest = same;
                return 'yes';
              }
            }
            return Date.now() < until ? 'no' : 'cut-short';
          },
          until,
        );
        options.record({ ...smallest, title: `${smallest.title} — ${shrunk.items.length} request(s) at once, shrunk from ${group.requests.length}` });
      }
    }
  } finally {
    tally.requests = context.sender.count - sentBefore;
    tally.durationMs = Date.now() - started;
  }
  return tally;
}
