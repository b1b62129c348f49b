import { listedRecords } from '../../src/contract/listed-records.js';
import type { CallOutcome } from './call-outcome.js';
import type { JsonRecord } from './sample-records.js';

/**
 * The records of a read response. 200 carries the list; 204 and 404 mean nothing was found
 * (§7; an empty index may also answer 200 []). Any other status yields no records.
 */
export function recordsOf(outcome: CallOutcome): JsonRecord[] {
  return (listedRecords(outcome.status, outcome.data) ?? []).filter(
    (item): item is JsonRecord => typeof item === 'object' && item !== null && !Array.isArray(item),
  );
}
