import { INDEX_NAMES } from '../../server/core/index.js';
import type { FuzzReport } from './fuzz-report.js';
import type { CleanUpReport } from '../run/sweep-run-records.js';

const LISTED = 10;

const list = (refs: readonly string[]) => `${refs.slice(0, LISTED).join(', ')}${refs.length > LISTED ? `, … (${refs.length - LISTED} more)` : ''}`;

/** The records of the run left behind, as the final read counted them: `0`, `2`, or a lower bound with the indices it could not read. */
export function formatLeftovers(cleanUp: CleanUpReport): string {
  const count = String(cleanUp.leftovers.length);
  return cleanUp.unverified.length === 0 ? count : `${count} found; unknown in ${cleanUp.unverified.join(', ')} (not read at the end)`;
}

/** What a reader must know about the clean-up, one sentence each; none when the run left nothing and nothing else appeared. */
export function cleanUpNotes(report: FuzzReport): string[] {
  const { cleanUp, runPrefix } = report;
  const notes: string[] = [];
  if (cleanUp.triedAfterStop)
    notes.push(
      `the target stopped answering during the run; the clean-up was tried afterwards, once, on a connection of its own${cleanUp.unverified.length === INDEX_NAMES.length ? ', and got no answer either' : ''}`,
    );
  if (cleanUp.cutShort) notes.push('the clean-up ran out of time before every record of the run was deleted');
  if (cleanUp.leftovers.length > 0) notes.push(`${cleanUp.leftovers.length} record(s) of the run are still on the target: ${list(cleanUp.leftovers)}`);
  if (cleanUp.unverified.length > 0)
    notes.push(
      `the final read of ${cleanUp.unverified.join(', ')} got no list of records: records of the run (ids starting with ${runPrefix}) may be left there`,
    );
  if (cleanUp.unattributed.length > 0) {
    notes.push(
      `${cleanUp.unattributed.length} record(s) appeared during the run that it cannot prove are its own (no id starting with ${runPrefix}, no marker, no id it learned as generated) — another client's, or made by the run without a trace; left alone: ${list(cleanUp.unattributed)}`,
    );
  }
  return notes;
}
