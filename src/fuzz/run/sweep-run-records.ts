import { INDEX_NAMES, type IndexName, type StoredRecord } from '../../server/core/index.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { exchange, plainRequest, readRecords, type ExchangeLog, type FuzzContext } from './fuzz-session.js';

/** What proves a record is the run's: a prefixed id, an id the target generated for the run, or the run's marker — on a shared deployment nothing else. */
export function ownedBy(prefix: string, generatedIds: ReadonlySet<string>): (record: StoredRecord) => boolean {
  return (record) => record.id.startsWith(prefix) || generatedIds.has(record.id) || String(record[MARKER_FIELDS.fuzz] ?? '').startsWith(prefix);
}

/** The clean-up's requests end at their `until`, not with the fuzzing phase; no repro is made of them. */
const cleanUpLog = (context: FuzzContext): ExchangeLog => ({ context, exchanges: [] });

/**
 * Reads `index`, deletes every record `owned` accepts, and after --allow-destructive creates again the records of `restore` it lost; true when all went
 * through before `until`. An index that cannot be read (its read answers what is not JSON) gets the ids in `known` deleted blindly, so one bad record does
 * not spoil every later sequence.
 */
export async function cleanUpIndex(
  context: FuzzContext,
  index: IndexName,
  owned: (record: StoredRecord) => boolean,
  restore: readonly StoredRecord[],
  until: number,
  known: readonly string[] = [],
): Promise<boolean> {
  const log = cleanUpLog(context);
  const remove = (id: string) => exchange(log, 'cleanup', `delete ${index} ${id}`, plainRequest(context, 'DELETE', index, id).target, until);
  const records = await readRecords(log, 'cleanup', index, undefined, until);
  if (records === undefined) {
    await Promise.all(known.map(remove));
    return false;
  }
  const deletes = records.filter(owned).map(async (record) => {
    // A record proved ours by its marker alone: the guard lets the run delete it under that id.
    if (!record.id.startsWith(context.runPrefix)) context.generatedIds.add(record.id);
    const deleted = await remove(record.id);
    return deleted.ok && (deleted.answer.status === 205 || deleted.answer.status === 404);
  });
  const present = new Set(records.map((r) => r.id));
  const restores = (context.allowDestructive ? restore : [])
    .filter((record) => !present.has(record.id))
    .map(async (record) => {
      const created = await exchange(log, 'cleanup', `restore ${index} ${record.id}`, plainRequest(context, 'POST', index, undefined, record).target, until);
      return created.ok && created.answer.status === 201;
    });
  return (await Promise.all([...deletes, ...restores])).every(Boolean);
}

export type IndexBaseline = Partial<Record<IndexName, StoredRecord[]>>;

/** What the run left on the target, as a read of every index after its clean-up shows it. */
export interface CleanUpReport {
  leftovers: string[];
  /** Indices the final read could not read. */
  unverified: IndexName[];
  /** Records that appeared during the run with nothing proving they are its own: another client's, or the run's without proof. Left alone. */
  unattributed: string[];
  /** The clean-up allowance ran out first. */
  cutShort: boolean;
  /** A curl line per leftover, the token as $TOKEN: the command adds them (its connection knows the URL, the scheme and the headers). */
  deleteCommands?: string[] | undefined;
  /** The target had stopped answering: this clean-up was tried afterwards, on a connection of its own. */
  triedAfterStop?: boolean | undefined;
}

export async function readBaseline(context: FuzzContext): Promise<IndexBaseline> {
  const reads = await Promise.all(
    INDEX_NAMES.map(async (index) => [index, await readRecords(cleanUpLog(context), 'snapshot', index, undefined, context.budget.fuzzUntil)] as const),
  );
  return Object.fromEntries(reads.filter(([, records]) => records !== undefined));
}

/** The end of every run: deletes what of the run each index still holds, restores what a destructive delete removed, then reads every index once more. */
export async function sweepRunRecords(context: FuzzContext, baseline: IndexBaseline): Promise<CleanUpReport> {
  const { budget } = context;
  const owned = ownedBy(context.runPrefix, context.generatedIds);
  const cleaned = await Promise.all(INDEX_NAMES.map((index) => cleanUpIndex(context, index, owned, baseline[index] ?? [], budget.cleanUpUntil)));
  const report: CleanUpReport = { leftovers: [], unverified: [], unattributed: [], cutShort: !cleaned.every(Boolean) && Date.now() >= budget.cleanUpUntil };
  const finalReads = await Promise.all(INDEX_NAMES.map((index) => readRecords(cleanUpLog(context), 'final-read', index, undefined, budget.finalReadUntil)));
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
