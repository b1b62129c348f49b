import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { mostSevereStatus } from './batch-status.js';
import { envelopeItem, errorResponse, jsonResponse, type EnvelopeItem } from './envelope.js';
import { findBatchProblem } from './find-batch-problem.js';
import { findDuplicateEntryIds } from './find-duplicate-entry-ids.js';
import type { IndexDefinition } from './index-definitions.js';
import { getOwnField, type JsonObject, type StoredRecord } from './json-record.js';
import { ID_ALREADY_FOUND, ID_DIFFERS_FROM_PATH, recordCreated } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { readRecordList } from './read-record-list.js';

/**
 * Creates one record and answers its envelope item: the id comes from the path, else the body,
 * else is generated (§2 rule 3, x-decisions id-source); a body id other than the path id →
 * 406 {"id": "Differs from the id in the path"}; a missing or invalid field → 406 with the field
 * object (rule 4), repeated entry ids too ({"parameters": "Repeated values"}); an id already
 * stored → 406 "Id already found" (rule 3). A created item carries the `id` as a field.
 */
function createOne(index: IndexDefinition, pathId: string | undefined, record: JsonObject, context: CoreContext): EnvelopeItem {
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
}

/**
 * Create (§4.1): one record, or a batch (extension, x-decisions batches) whose records are
 * created one by one, in order, each answered by its own envelope item; the HTTP status is the
 * most severe item's code (mostSevereStatus). A batch with an id in the path, or naming one id
 * twice, is refused whole with 406 {"id": …}.
 */
export function createRecords(index: IndexDefinition, pathId: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const list = readRecordList(body);
  if (!list.ok) return list.response;
  const problem = findBatchProblem(list.records, list.batch, pathId);
  if (problem) return errorResponse(406, problem);
  const items = list.records.map((record) => createOne(index, pathId, record, context));
  return jsonResponse(mostSevereStatus(items.map((i) => i.code)), items);
}
