import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { envelopeItem, errorResponse, jsonResponse } from './envelope.js';
import { findDuplicateEntryIds } from './find-duplicate-entry-ids.js';
import type { IndexDefinition } from './index-definitions.js';
import { isDeepEqual } from './is-deep-equal.js';
import { getOwnField, type StoredRecord } from './json-record.js';
import { mergeUpdate } from './merge-update.js';
import { recordUpdated, updateNotNecessary } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { readRecordList } from './read-record-list.js';

/**
 * Update (seed §4.1 rules 5-7): the target id comes from the path, else the body (none → 406
 * {"id": "required"}); a body id other than the path id → 406 {"id": "readonly"}; an unknown id
 * → 406 {"id": "not found"}. The sent fields are merged (x-decisions update-merge) and the
 * merged record must satisfy the index schema (else 406 with the field object); two sent agent
 * entries of one list with the same id → 406 {"parameter.id": "duplicate"}. When nothing
 * changes → 304; otherwise 200. All records are checked before any is stored.
 */
export function updateRecords(index: IndexDefinition, pathId: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const list = readRecordList(body);
  if (!list.ok) return list.response;
  const store = context.store[index.name];
  const staged = new Map<string, StoredRecord>();
  const outcomes: Array<{ id: string; changed: boolean }> = [];
  for (const patch of list.records) {
    // The sent lists are checked, not the merged ones: merging by id folds a repeated id into one entry.
    const message = context.validate(index.updateSchema, patch) ?? findDuplicateEntryIds(patch, index.listsMergedById);
    if (message) return errorResponse(406, message);
    const bodyId = getOwnField(patch, 'id') as string | undefined;
    if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) return errorResponse(406, { id: 'readonly' });
    const id = pathId ?? bodyId;
    if (id === undefined) return errorResponse(406, { id: 'required' });
    const current = staged.get(id) ?? store.peek(id);
    if (!current) return errorResponse(406, { id: 'not found' });
    const merged = mergeUpdate(current, patch, index.listsMergedById) as StoredRecord;
    const invalid = context.validate(index.storedSchema, merged);
    if (invalid) return errorResponse(406, invalid);
    staged.set(id, merged);
    outcomes.push({ id, changed: !isDeepEqual(merged, current) });
  }
  if (outcomes.every((o) => !o.changed)) {
    return jsonResponse(304, outcomes.map((o) => envelopeItem(304, updateNotNecessary(o.id))));
  }
  // mergeUpdate builds new objects that share nothing with the request or the store: no copy needed.
  for (const record of staged.values()) store.adopt(record);
  // In a batch where only some records change, the unchanged ones still get a 200 item saying so.
  return jsonResponse(200, outcomes.map((o) => envelopeItem(200, o.changed ? recordUpdated(o.id) : updateNotNecessary(o.id))));
}
