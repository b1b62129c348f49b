import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { envelopeItem, errorResponse, jsonResponse } from './envelope.js';
import type { IndexDefinition } from './index-definitions.js';
import { candidateRecords } from './candidate-records.js';
import { NOTHING_FOUND, recordDeleted } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { applyQuery } from './query/apply-query.js';
import { readQuery } from './read-query.js';

/**
 * Delete (§4.1): the record of the path id, the records the query picks (`where`, then
 * `order` and `limit`, x-decisions query-language), or — without a query — every record of the
 * index (rule 1). `select` is ignored. 205 with one item per deleted record, each with code 200
 * (§4.1); nothing to delete → 404 (x-decisions delete-nothing).
 */
export function deleteRecords(index: IndexDefinition, id: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const result = readQuery(body);
  if (!result.ok) return result.response;
  const store = context.store[index.name];
  const records = applyQuery(candidateRecords(store, id, result.query.where), result.query);
  if (records.length === 0) return errorResponse(404, NOTHING_FOUND);
  for (const record of records) store.delete(record.id);
  return jsonResponse(
    205,
    records.map((r) => envelopeItem(200, recordDeleted(r.id), 205)),
  );
}
