import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { mostSevereStatus } from './batch-status.js';
import { envelopeItem, errorResponse, jsonResponse, type EnvelopeItem } from './envelope.js';
import { findBatchProblem } from './find-batch-problem.js';
import { findDuplicateEntryIds } from './find-duplicate-entry-ids.js';
import type { IndexDefinition } from './index-definitions.js';
import { isDeepEqual } from './is-deep-equal.js';
import { getOwnField, type JsonObject, type StoredRecord } from './json-record.js';
import { mergeUpdate } from './merge-update.js';
import { NO_RECORD_WITH_ID, READONLY_FIELD, recordUpdated, REQUIRED, updateNotNecessary } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { readRecordList } from './read-record-list.js';

/**
 * Updates one record and answers its envelope item (§4.1 rules 5-7): the target id comes
 * from the path, else the body (none → 406 {"id": "required"}); a body id other than the path id
 * would change a readonly field → 406 {"id": "Readonly field"} (x-decisions readonly-id); an
 * unknown id → 406 {"id": "not found"}. The sent fields are merged (x-decisions update-merge) and
 * the merged record must satisfy the index schema (else 406 with the field object); repeated
 * entry ids in a sent list → 406 {"parameters": "Repeated values"}. Nothing changes → 304; else 200.
 */
function updateOne(index: IndexDefinition, pathId: string | undefined, patch: JsonObject, context: CoreContext): EnvelopeItem {
  // The sent lists are checked, not the merged ones: merging by id folds a repeated id into one entry.
  const message = context.validate(index.updateSchema, patch) ?? findDuplicateEntryIds(patch, index.listsMergedById);
  if (message) return envelopeItem(406, message);
  const bodyId = getOwnField(patch, 'id') as string | undefined;
  if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return idRefused(READONLY_FIELD);
  const id = pathId ?? bodyId;
  // An update that names no id: open (x-decisions update-id-required), the description fixes neither status nor message.
  if (id === undefined) return idRefused(REQUIRED);
  const store = context.store[index.name];
  const current = store.peek(id); // the frozen stored record: mergeUpdate copies what it keeps
  if (!current) return idRefused(NO_RECORD_WITH_ID);
  const merged = mergeUpdate(current, patch, index.listsMergedById) as StoredRecord;
  const invalid = context.validate(index.storedSchema, merged);
  if (invalid) return envelopeItem(406, invalid);
  if (isDeepEqual(merged, current)) return envelopeItem(304, updateNotNecessary(id));
  store.adopt(merged); // mergeUpdate's result shares no object with the request or the store
  return envelopeItem(200, recordUpdated(id));
}

/** A 406 naming the id, `{"id": reason}`. */
function idRefused(reason: string): EnvelopeItem {
  return envelopeItem(406, { id: reason });
}

/**
 * Update (§4.1): one record, or a batch (extension, x-decisions batches) whose records are
 * updated one by one, in order, each answered by its own envelope item; the HTTP status is the
 * most severe item's code (an error outranks 200, which outranks 304; all unchanged → 304). A
 * batch with an id in the path, or naming one id twice, is refused whole with 406 {"id": …}.
 */
export function updateRecords(index: IndexDefinition, pathId: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const list = readRecordList(body);
  if (!list.ok) return list.response;
  const problem = findBatchProblem(list.records, list.batch, pathId);
  if (problem) return errorResponse(406, problem);
  const items = list.records.map((patch) => updateOne(index, pathId, patch, context));
  return jsonResponse(mostSevereStatus(items.map((i) => i.code)), items);
}
