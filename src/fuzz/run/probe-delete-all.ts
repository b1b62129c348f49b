import { INDEX_NAMES, operationIdFor, type IndexName } from '../../server/core/index.js';
import { minimalRecord } from '../generate/minimal-record.js';
import { PROBE_FIELD } from '../generate/probe-sequences.js';
import {
  cutShortIn,
  describeResult,
  exchange,
  failureOf,
  plainRequest,
  probeEach,
  readRecords,
  type ExchangeLog,
  type FuzzContext,
  type FuzzFailure,
} from './fuzz-session.js';

/** More records than any page a store or search engine defaults to (10, 20, 25, 50, 100). */
export const DELETE_ALL_RECORDS = 110;

/**
 * With --allow-destructive, before the run, on every index: {@link DELETE_ALL_RECORDS} records of the run are created — in one create with a list body (§4.1
 * create takes records; one by one when the target refuses the list) —, then a delete without a query, then the index is read back. §4.1 rule 1: a delete
 * without a request body removes every record of the index, so the model answers 205 and holds none of them: neither may the target, however it deletes
 * inside (in batches, say). Three requests per index (a list refused: 112). Records of others the delete removed are created again by the run's clean-up.
 */
export const probeDeleteAll = (context: FuzzContext): Promise<FuzzFailure[]> => probeEach(context, INDEX_NAMES, probeIndex);

async function probeIndex(log: ExchangeLog, index: IndexName): Promise<FuzzFailure | undefined> {
  const { context } = log;
  const base = minimalRecord(context.doc, index);
  const records = Array.from({ length: DELETE_ALL_RECORDS }, (_, n) => ({ ...base, [PROBE_FIELD]: 'delete-all', id: `${context.runPrefix}all-${n}` }));
  const ids = new Set(records.map((r) => r.id));
  const batch = await exchange(
    log,
    'probe',
    `create ${DELETE_ALL_RECORDS} ${index} records in one request`,
    plainRequest(context, 'POST', index, undefined, records).target,
  );
  if (!batch.ok) return undefined;
  if (batch.answer.status !== 201) {
    // A target that refuses a list body: the records one by one (their exchanges are not the repro's, only their count is).
    const one: ExchangeLog = { context, exchanges: [] };
    for (const record of records) await exchange(one, 'probe', `create ${index} ${record.id}`, plainRequest(context, 'POST', index, record.id, record).target);
    if (cutShortIn(one)) return undefined;
  }
  const operation = operationIdFor(index, 'DELETE', false);
  const description = `delete every ${index} record (no query) after creating ${DELETE_ALL_RECORDS} of the run`;
  const deleted = await exchange(log, 'probe', description, plainRequest(context, 'DELETE', index, undefined).target);
  if (!deleted.ok) return undefined;
  const left = (await readRecords(log, 'probe', index))?.filter((r) => ids.has(r.id)).length;
  const expected = 'the index holds none of them: a delete without a request body removes every record (§4.1 rule 1)';
  const failure = (observed: string, expected: string, actual: string) =>
    failureOf(operation, { check: 'delete-all', observed, expected, actual }, description, log.exchanges);
  if (deleted.answer.status !== 205) return failure(String(deleted.answer.status), `205 and ${expected}`, describeResult(deleted));
  // None left, or no list read back (no answer): nothing to report. Records never taken cannot be left either.
  if (left === 0 || left === undefined) return undefined;
  return failure('records-left', expected, `205, and ${left} of the ${DELETE_ALL_RECORDS} read back`);
}
