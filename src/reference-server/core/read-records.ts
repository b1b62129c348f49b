import type { CoreResponse } from './core-types.js';
import type { CoreContext } from './core-context.js';
import { errorResponse, jsonResponse } from './envelope.js';
import type { IndexDefinition } from './index-definitions.js';
import { candidateRecords } from './candidate-records.js';
import { NOTHING_FOUND } from './messages.js';
import type { JsonBody } from './parse-json-body.js';
import { applyQuery } from './query/apply-query.js';
import { readQuery } from './read-query.js';
import { selectFields } from './select-fields.js';

/**
 * Read (§4.1): every record without a where — no body, `{}` or select only — (rule 2; so
 * `200 []` for an empty index, x-decisions read-empty), narrowed by the path id and `where`,
 * sorted by `order` and cut by `limit` (x-decisions query-language), restricted by `select`
 * (rule 8). An id, a where or a limit that leaves nothing → 404 (§7), on an empty index too.
 */
export function readRecords(index: IndexDefinition, id: string | undefined, body: JsonBody, context: CoreContext): CoreResponse {
  const result = readQuery(body);
  if (!result.ok) return result.response;
  const { query } = result;
  const records = applyQuery(candidateRecords(context.store[index.name], id, query.where), query);
  if ((id !== undefined || query.where || query.limit) && records.length === 0) return errorResponse(404, NOTHING_FOUND);
  return jsonResponse(200, query.select ? records.map((r) => selectFields(r, query.select!)) : records);
}
