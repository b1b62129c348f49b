import { INDEX_NAMES, type IndexName, type StoredRecord } from '../../reference-server/core/index.js';
import { cleanUpIndex, ownedBy, readIndex } from './clean-up-index.js';
import type { FuzzContext } from './fuzz-session.js';

/** What every index held when the run started (an index that could not be read is absent). */
export type IndexBaseline = Partial<Record<IndexName, StoredRecord[]>>;

/** What the run left on the target, as a read of every index after its clean-up shows it. */
export interface CleanUpReport {
  /** Records of the run still there, as `<index> <id>`. */
  leftovers: string[];
  /** Indices the final read could not read: what the run left there is unknown. */
  unverified: IndexName[];
  /**
   * Records that appeared during the run with nothing proving they are its own (no run-prefixed
   * id, no marker, no id the run learned as generated), as `<index> <id>`: another client's, or
   * the run's without proof. Left alone.
   */
  unattributed: string[];
  /** The clean-up allowance ran out before every record of the run was deleted (or restored). */
  cutShort: boolean;
  /** One shell line per leftover that deletes it (curl, the token left as $TOKEN). */
  deleteCommands?: string[] | undefined;
  /** The target had stopped answering: this clean-up was tried afterwards, on a connection of its own. */
  triedAfterStop?: boolean | undefined;
}

/** Reads every index before the run starts, for {@link sweepRunRecords} to tell what appeared. */
export async function readBaseline(context: FuzzContext): Promise<IndexBaseline> {
  const reads = await Promise.all(INDEX_NAMES.map(async (index) => [index, await readIndex(context, index, context.budget.fuzzUntil)] as const));
  return Object.fromEntries(reads.filter(([, records]) => records !== undefined));
}

/**
 * The end of every run, within the clean-up allowance: deletes whatever of the run each index
 * still holds (records of a sequence cut short by the budget, or whose own clean-up failed), puts
 * back what a destructive delete removed, then reads every index once more. That final read is
 * what the report says was left behind — not a count of deletes that failed.
 */
export async function sweepRunRecords(context: FuzzContext, baseline: IndexBaseline): Promise<CleanUpReport> {
  const { budget } = context;
  const owned = ownedBy(context.runPrefix, context.generatedIds);
  const cleaned = await Promise.all(INDEX_NAMES.map((index) => cleanUpIndex(context, index, owned, baseline[index] ?? [], budget.cleanUpUntil)));
  const report: CleanUpReport = { leftovers: [], unverified: [], unattributed: [], cutShort: !cleaned.every(Boolean) && Date.now() >= budget.cleanUpUntil };
  const finalReads = await Promise.all(INDEX_NAMES.map((index) => readIndex(context, index, budget.finalReadUntil)));
  for (const [i, index] of INDEX_NAMES.entries()) {
    const records = finalReads[i];
    if (records === undefined) {
      report.unverified.push(index);
      continue;
    }
    const before = baseline[index] && new Set(baseline[index].map((r) => r.id));
    for (const record of records) {
      if (owned(record)) report.leftovers.push(`${index} ${record.id}`);
      else if (before && !before.has(record.id)) report.unattributed.push(`${index} ${record.id}`);
    }
  }
  return report;
}
