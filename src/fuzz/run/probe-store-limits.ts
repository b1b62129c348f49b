import { basePathOf } from '../generate/wire-request.js';
import fc from 'fast-check';
import { READ_NOTHING_STATUSES, SIZE_LIMIT_STATUSES, refusalMustSayError } from '../../contract/faithful-answers.js';
import { INDEX_NAMES, operationIdFor, type IndexName } from '../../server/core/index.js';
import { minimalRecord } from '../generate/wire-request.js';
import { PROBE_FIELD } from '../generate/probe-sequences.js';
import type { WireRequest } from '../generate/wire-request.js';
import { cutShortIn, describeResult, exchange, failureOf, isStoredRecord, plainRequest, probeEach, readRecords, recordsInAnswer } from './fuzz-session.js';
import type { ExchangeLog, FuzzContext, FuzzFailure } from './fuzz-session.js';
import type { SendResult } from './send-wire-request.js';
import { recordArbitrary } from '../generate/schema-arbitrary.js';

import { createVocabulary } from '../generate/vocabulary.js';

// What a store may do that no generated sequence shows, probed once per run before the sequences: ignore a where, cut ids at its key width, delete
// one page only.

/** A long id of the probe: how it is made, and the common key width it is longer than (its cut, which must name nothing). */
type LongId = { name: 'ascii-300' | 'utf8-600-bytes'; label: string; id: (prefix: string) => string; cut: (id: string) => string };

/** 300 ASCII characters (a key column of 255); about 600 UTF-8 bytes of two-byte letters (a search engine's key of 512 bytes). */
export const LONG_IDS: readonly LongId[] = [
  { name: 'ascii-300', label: '300 ASCII characters', id: (prefix) => `${prefix}long-`.padEnd(300, 'x'), cut: (id) => [...id].slice(0, 255).join('') },
  { name: 'utf8-600-bytes', label: 'about 600 UTF-8 bytes', id: (prefix) => `${prefix}long-${'é'.repeat(300)}`.slice(0, 300), cut: (id) => cutUtf8(id, 512) },
];

/** `text` cut to at most `bytes` UTF-8 bytes, a character split at the edge dropped. */
export function cutUtf8(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char, 'utf8') > bytes) break;
    out += char;
  }
  return out;
}

const statusOf = (result: SendResult) => (result.ok ? String(result.answer.status) : 'no-answer');
/** id-length-limit: refused with a size-limit status, error true where a body comes (faithful-answers error-envelope-content). */
function refusedForLength(result: SendResult): boolean {
  if (!result.ok || !SIZE_LIMIT_STATUSES.includes(result.answer.status)) return false;
  const items = Array.isArray(result.answer.json) ? (result.answer.json as Array<{ error?: unknown }>) : [];
  return !refusalMustSayError(result.answer.status) || items.every((i) => typeof i === 'object' && i !== null && i.error === true);
}
/** A read that found nothing: read-finds-nothing, an empty list, or (id-length-limit) a refusal of the id. */
const findsNothing = (result: SendResult) =>
  result.ok && (READ_NOTHING_STATUSES.includes(result.answer.status) || recordsInAnswer(result)?.length === 0 || refusedForLength(result));

/**
 * On every index, a record under an id longer than a common key width, created by path or by body, then read by it, read by it cut to that width, updated
 * and deleted by it. An id is an exact string (§2 rule 3): one over a limit may be refused with nothing stored (id-length-limit), else it names its record
 * whole and the cut id names nothing.
 */
export const probeLongIds = (context: FuzzContext): Promise<FuzzFailure[]> =>
  probeEach(
    context,
    INDEX_NAMES.flatMap((index, position) => LONG_IDS.map((long, n) => ({ index, long, byPath: (position + n) % 2 === 0 }))),
    probeOne,
  );

async function probeOne(log: ExchangeLog, { index, long, byPath }: { index: IndexName; long: LongId; byPath: boolean }): Promise<FuzzFailure | undefined> {
  const { context } = log;
  const id = long.id(context.runPrefix);
  const what = `${index} under an id of ${long.label}`;
  const send = (description: string, method: WireRequest['method'], pathId: string | undefined, body?: unknown) =>
    exchange(log, 'probe', description, plainRequest(context, method, index, pathId, body).target);
  const found = (method: string, byId: boolean, observed: string, expected: string, result: SendResult, description: string) =>
    failureOf(operationIdFor(index, method, byId), { check: 'long-ids', observed, expected, actual: describeResult(result) }, description, log.exchanges);
  const body = { ...minimalRecord(context.doc, index), [PROBE_FIELD]: long.name, ...(byPath ? {} : { id }) };
  const created = await send(`create ${what}`, 'POST', byPath ? id : undefined, body);
  if (refusedForLength(created)) {
    const read = await send(`read ${what}`, 'GET', id);
    const expected = 'nothing: the create was refused for the id length (id-length-limit)';
    return findsNothing(read) ? undefined : found('GET', true, 'refused-but-stored', expected, read, `read ${what} after its create was refused`);
  }
  if (!created.ok || created.answer.status !== 201) {
    const expected = `201 created, or a refusal for the id length (${SIZE_LIMIT_STATUSES.join(', ')}, id-length-limit)`;
    return found('POST', byPath, statusOf(created), expected, created, `create ${what}`);
  }
  const read = await send(`read ${what}`, 'GET', id);
  const records = recordsInAnswer(read)?.filter(isStoredRecord);
  if (records?.length !== 1 || records[0]!.id !== id) {
    const observed = records === undefined ? `read-${statusOf(read)}` : records.some((r) => r.id !== id) ? 'id-changed' : 'not-found';
    return found('GET', true, observed, `the record, with its id exactly as sent (§2 rule 3)`, read, `read ${what} by that id`);
  }
  const cut = long.cut(id);
  const readCut = await send(`read ${index} by the id cut to ${[...cut].length} characters`, 'GET', cut);
  if (!findsNothing(readCut))
    return found('GET', true, 'cut-id-found', 'nothing: no record has the cut id (§2 rule 3, id-length-limit)', readCut, `read ${what}, by the id cut short`);
  // The update sends the whole record with one value changed: what it judges is the id, not how an update merges (the content probe's class).
  const updated = await send(`update ${what}`, 'PUT', id, { ...body, id, [PROBE_FIELD]: `${long.name}-updated` });
  if (!updated.ok || updated.answer.status !== 200) return found('PUT', true, statusOf(updated), '200 updated (§4.1)', updated, `update ${what}`);
  const deleted = await send(`delete ${what}`, 'DELETE', id);
  if (!deleted.ok || deleted.answer.status !== 205) return found('DELETE', true, statusOf(deleted), '205 deleted (§4.1)', deleted, `delete ${what}`);
  return undefined;
}

/** More records than any page a store or search engine defaults to (10, 20, 25, 50, 100). */
export const DELETE_ALL_RECORDS = 110;

/**
 * With --allow-destructive, on every index: {@link DELETE_ALL_RECORDS} records of the run created (in one create with a list body, else one by one), a delete
 * without a query, the index read back. A delete without a body removes every record (§4.1 rule 1), however the target deletes inside (in batches, say).
 * The run's clean-up creates again the records of others it removed.
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

/** `unreachable`: set when the target could not be reached at all (a usage problem, not a finding). */
export type WhereProbe = { trusted: Set<IndexName>; failures: FuzzFailure[]; unreachable: string | undefined };

/**
 * Before anything else, in each index: a record of the run created, the index read with a `where` that matches nothing (§4.1 query body: no record may come),
 * the record deleted. Only an index that passes gets deletes by where, so a target that ignores `where` never gets one that would remove others' records.
 * The record makes sure the index is not empty: there an ignored where finds nothing too.
 */
export async function probeWhere(context: FuzzContext): Promise<WhereProbe> {
  const probe: WhereProbe = { trusted: new Set(), failures: [], unreachable: undefined };
  for (const index of INDEX_NAMES) {
    const log: ExchangeLog = { context, exchanges: [] };
    const id = `${context.runPrefix}probe`;
    // A valid record, generated from the index's create schema (the same on every run).
    const record = fc.sample(recordArbitrary(context.doc, createVocabulary(context.runPrefix), index, 'post'), { seed: 1, numRuns: 1 })[0];
    const created = await exchange(log, 'probe', `create ${index} ${id}`, plainRequest(context, 'POST', index, id, record).target);
    if (!created.ok) {
      // Cut short by the time budget: the target may be slow, not unreachable; the run just ends.
      if (!created.cutShort) probe.unreachable = `POST ${basePathOf(index)}: ${created.error}`;
      return probe;
    }
    const taken = created.answer.status < 300 && (await readRecords(log, 'probe', index, id))?.some((r) => r.id === id) === true;
    const query = { where: { equals: { target: 'id', expr: `${context.runPrefix}matches-nothing` } } };
    const description = `read ${index} records where id equals an id no record has`;
    const operation = operationIdFor(index, 'GET', false);
    const result = await exchange(log, 'probe', `${description} (${operation})`, plainRequest(context, 'GET', index, undefined, query).target);
    await exchange(log, 'probe', `delete ${index} ${id}`, plainRequest(context, 'DELETE', index, id).target);
    const records = recordsInAnswer(result);
    if (taken && records?.length === 0) probe.trusted.add(index);
    // Else, without a record taken or an answer, nothing to conclude: deletes by where stay off.
    else if (taken && result.ok) {
      const observed = records === undefined ? String(result.answer.status) : 'extra-record';
      const actual =
        records === undefined ? `${result.answer.status} ${result.answer.text.slice(0, 160)}` : `${records.length} record(s): the where is ignored`;
      const expected = 'no record: nothing matches the where (§4.1 query body)';
      probe.failures.push(failureOf(operation, { check: 'where-filters', observed, expected, actual }, description, log.exchanges));
    }
  }
  return probe;
}
