import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { envelopeItem, errorResponse, jsonResponse } from './envelope.js';
import { findDuplicateEntryIds } from './find-duplicate-entry-ids.js';
import type { IndexDefinition } from './index-definitions.js';
import { getOwnField, type StoredRecord } from './json-record.js';
import { ID_ALREADY_FOUND, recordCreated } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { readRecordList } from './read-record-list.js';

/**
 * Create (seed §4.1): the id comes from the path, else the body, else is generated (seed §2
 * rule 3, x-decisions id-source); a body id other than the path id → 406 {"id": "readonly"};
 * a missing or invalid field → 406 with the field object (rule 4), two agent entries of one list
 * with the same id too ({"parameter.id": "duplicate"}, x-decisions update-merge); an id already
 * stored or repeated in the batch → 406 "Id already found" (rule 3). Extra fields are stored as sent.
 * Everything is checked before anything is stored (a batch is all-or-nothing).
 */
export function createRecords(index: IndexDefinition, pathId: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const list = readRecordList(body);
  if (!list.ok) return list.response;
  const store = context.store[index.name];
  const staged = new Map<string, StoredRecord>();
  for (const record of list.records) {
    const message = context.validate(index.inputSchema, record) ?? findDuplicateEntryIds(record, index.listsMergedById);
    if (message) return errorResponse(406, message);
    const bodyId = getOwnField(record, 'id') as string | undefined;
    if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return errorResponse(406, { id: 'readonly' });
    const id = pathId ?? bodyId ?? context.generateId();
    if (store.has(id) || staged.has(id)) return errorResponse(406, ID_ALREADY_FOUND);
    staged.set(id, { id, ...record } as StoredRecord);
  }
  // The records come from this request's own JSON.parse (never shared with anyone): stored without a copy.
  for (const record of staged.values()) store.adopt(record);
  return jsonResponse(201, [...staged.keys()].map((id) => envelopeItem(201, recordCreated(id))));
}
