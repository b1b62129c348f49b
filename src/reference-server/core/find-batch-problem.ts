import type { ValidationMessage } from './envelope.js';
import { getOwnField, type JsonObject } from './json-record.js';
import { ONE_RECORD_WITH_PATH_ID, SAME_ID_IN_BATCH } from './messages.js';

/**
 * Why a create or update body cannot be taken record by record, or undefined (x-decisions
 * batches): a list of records with an id in the path (the path names one record), or one id
 * named by two records of the list (which of them would win?). Both → 406 {"id": …}, nothing done.
 *
 * @example findBatchProblem([{ id: 'a' }, { id: 'a' }], true, undefined) // → { id: 'Same id present multiple times in the request' }
 */
export function findBatchProblem(records: readonly JsonObject[], batch: boolean, pathId: string | undefined): ValidationMessage | undefined {
  if (!batch) return undefined;
  if (pathId !== undefined) return { id: ONE_RECORD_WITH_PATH_ID };
  const seen = new Set<unknown>();
  for (const record of records) {
    const id = getOwnField(record, 'id');
    if (id === undefined) continue;
    if (seen.has(id)) return { id: SAME_ID_IN_BATCH };
    seen.add(id);
  }
  return undefined;
}
