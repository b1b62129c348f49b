import type { CoreContext, CoreResponse, ValidationMessage } from './core-types.js';
import { envelopeItem, errorResponse, jsonResponse, noContentResponse, type EnvelopeItem } from './envelope.js';
import type { IndexDefinition } from './index-definitions.js';
import { isDeepEqual } from './is-deep-equal.js';
import { getOwnField, isJsonObject, type JsonObject, type StoredRecord } from './json-record.js';
import { mergeUpdate } from './merge-update.js';
import {
  batchTooLong,
  ID_ALREADY_FOUND,
  ID_DIFFERS_FROM_PATH,
  NO_RECORD_WITH_ID,
  ONE_RECORD_WITH_PATH_ID,
  READONLY_FIELD,
  recordCreated,
  recordUpdated,
  REPEATED_VALUES,
  REQUIRED,
  requestNotValid,
  SAME_ID_IN_BATCH,
  updateNotNecessary,
} from './messages.js';
import type { JsonBody } from './parse-json-body.js';

/** Most records one batch may carry (x-decisions batches): 100 000 `{}` fit in 1 MiB and kept the server busy for seconds. */
export const MAX_BATCH_RECORDS = 1000;

/**
 * How severe an item's code is when one response answers for several records: the original
 * service's `code_priority_order` (lib/http.py) — 304 < 200 < 201 = 205 < 404 < an error. Any
 * code it does not rank counts as an error.
 */
const RANK_BY_CODE: Readonly<Record<number, number>> = { 304: 0, 200: 1, 201: 2, 205: 2, 404: 3 };
const ERROR_RANK = 4;

export function severityOf(code: number): number {
  return RANK_BY_CODE[code] ?? ERROR_RANK;
}

/**
 * The HTTP status of a response whose envelope has one item per record (x-decisions batches):
 * the code of the most severe item, the first of equals. An error outranks a success; among
 * successes 201 and 200 outrank 304.
 *
 * @example mostSevereStatus([201, 406, 201]) // → 406
 * @example mostSevereStatus([304, 200]) // → 200
 */
export function mostSevereStatus(codes: readonly number[]): number {
  let status = codes[0] ?? 204;
  for (const code of codes) if (severityOf(code) > severityOf(status)) status = code;
  return status;
}

/**
 * The 406 message naming each list in which two entries share an id, or undefined when every
 * id is unique. Entries are addressed by id (§4.1 rule 5), so a repeated id is refused on
 * create and update with the original service's wording (x-decisions entry-ids).
 *
 * @example findDuplicateEntryIds({ parameters: [{ id: 'p' }, { id: 'p' }] }, ['parameters'])
 * // → { parameters: 'Repeated values' }
 */
export function findDuplicateEntryIds(record: JsonObject, lists: readonly string[]): ValidationMessage | undefined {
  const message: ValidationMessage = {};
  for (const list of lists) {
    const entries = getOwnField(record, list);
    if (!Array.isArray(entries)) continue;
    const seen = new Set<unknown>();
    for (const entry of entries) {
      const id = isJsonObject(entry) ? getOwnField(entry, 'id') : undefined;
      if (id === undefined) continue;
      if (seen.has(id)) {
        message[list] = REPEATED_VALUES;
        break;
      }
      seen.add(id);
    }
  }
  return Object.keys(message).length === 0 ? undefined : message;
}

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

/**
 * The records a create or update body carries: one object, or (extension, x-decisions batches)
 * an array of objects. No body or `[]` → 204 (x-decisions empty-body); a JSON value that is
 * neither object nor array, or a batch entry that is not an object → 400 (x-decisions malformed-json);
 * more than {@link MAX_BATCH_RECORDS} records → 413 (x-decisions batches).
 */
function readRecordList(body: JsonBody): { records: JsonObject[]; batch: boolean } | CoreResponse {
  if (!body.present) return noContentResponse();
  const { value } = body;
  if (isJsonObject(value)) return { records: [value], batch: false };
  if (!Array.isArray(value)) return errorResponse(400, requestNotValid('the body must be a JSON object or an array of objects'));
  if (value.length === 0) return noContentResponse();
  if (value.length > MAX_BATCH_RECORDS) return errorResponse(413, batchTooLong(MAX_BATCH_RECORDS));
  // Stryker disable next-line BlockStatement,MethodExpression: open (extension): a batch entry that is not an object is refused whole here; refusing it alone, as its own 406 item, is another reading of the batch text (docs/mutation/SURVIVORS.md)
  if (!value.every(isJsonObject)) {
    return errorResponse(400, requestNotValid('every record of a batch must be a JSON object'));
  }
  return { records: value, batch: true };
}

type WriteOne = (index: IndexDefinition, pathId: string | undefined, record: JsonObject, context: CoreContext) => EnvelopeItem;

/**
 * Create and update (§4.1): one record, or a batch (extension, x-decisions batches) whose records
 * are written one by one, in order, each answered by its own envelope item; the HTTP status is
 * the most severe item's code (an error outranks 201 and 200, which outrank 304; all unchanged →
 * 304). A batch with an id in the path, or naming one id twice, is refused whole with 406 {"id": …}.
 */
function writeRecords(writeOne: WriteOne) {
  return (index: IndexDefinition, pathId: string | undefined, body: JsonBody, context: CoreContext): CoreResponse => {
    const list = readRecordList(body);
    if (!('records' in list)) return list;
    const problem = findBatchProblem(list.records, list.batch, pathId);
    if (problem) return errorResponse(406, problem);
    const items = list.records.map((record) => writeOne(index, pathId, record, context));
    return jsonResponse(mostSevereStatus(items.map((i) => i.code)), items);
  };
}

/**
 * Creates one record and answers its envelope item: the id comes from the path, else the body,
 * else is generated (§2 rule 3, x-decisions id-source); a body id other than the path id →
 * 406 {"id": "Differs from the id in the path"}; a missing or invalid field → 406 with the field
 * object (rule 4), repeated entry ids too ({"parameters": "Repeated values"}); an id already
 * stored → 406 "Id already found" (rule 3). A created item carries the `id` as a field.
 */
export const createRecords = writeRecords((index, pathId, record, context) => {
  const message = context.validate(index.inputSchema, record) ?? findDuplicateEntryIds(record, index.listsMergedById);
  if (message) return envelopeItem(406, message);
  const bodyId = getOwnField(record, 'id') as string | undefined;
  if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return envelopeItem(406, { id: ID_DIFFERS_FROM_PATH });
  const store = context.store[index.name];
  const id = pathId ?? bodyId ?? context.generateId();
  if (store.has(id)) return envelopeItem(406, ID_ALREADY_FOUND);
  // The record comes from this request's own JSON.parse and is shared with nobody: stored (frozen) without a copy.
  store.adopt({ id, ...record } as StoredRecord);
  return { ...envelopeItem(201, recordCreated(id)), id };
});

/**
 * Updates one record and answers its envelope item (§4.1 rules 5-7): the target id comes
 * from the path, else the body (none → 406 {"id": "required"}); a body id other than the path id
 * would change a readonly field → 406 {"id": "Readonly field"} (x-decisions readonly-id); an
 * unknown id → 406 {"id": "not found"}. The sent fields are merged (x-decisions update-merge) and
 * the merged record must satisfy the index schema (else 406 with the field object); repeated
 * entry ids in a sent list → 406 {"parameters": "Repeated values"}. Nothing changes → 304; else 200.
 */
export const updateRecords = writeRecords((index, pathId, patch, context) => {
  // The sent lists are checked, not the merged ones: merging by id folds a repeated id into one entry.
  const message = context.validate(index.updateSchema, patch) ?? findDuplicateEntryIds(patch, index.listsMergedById);
  if (message) return envelopeItem(406, message);
  const bodyId = getOwnField(patch, 'id') as string | undefined;
  if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return envelopeItem(406, { id: READONLY_FIELD });
  const id = pathId ?? bodyId;
  // An update that names no id: open (x-decisions update-id-required), the description fixes neither status nor message.
  if (id === undefined) return envelopeItem(406, { id: REQUIRED });
  const store = context.store[index.name];
  const current = store.peek(id); // the frozen stored record: mergeUpdate copies what it keeps
  if (!current) return envelopeItem(406, { id: NO_RECORD_WITH_ID });
  const merged = mergeUpdate(current, patch, index.listsMergedById) as StoredRecord;
  const invalid = context.validate(index.storedSchema, merged);
  if (invalid) return envelopeItem(406, invalid);
  if (isDeepEqual(merged, current)) return envelopeItem(304, updateNotNecessary(id));
  store.adopt(merged); // mergeUpdate's result shares no object with the request or the store
  return envelopeItem(200, recordUpdated(id));
});
