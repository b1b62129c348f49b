import type { CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import type { JsonBody } from './parse-json-body.js';
import { parseQuery, type ParsedQuery } from './query/parse-query.js';

/** The query of a read or delete (§4.1 query body, x-decisions query-language), parsed. */
export type Query = ParsedQuery;

/** A valid query, or the error response to send instead. */
export type QueryResult = { ok: true; query: Query } | { ok: false; response: CoreResponse };

/**
 * The query of a read or delete: `{}` without one; 400 naming the field when it is not a query
 * (x-decisions query-validation): an unknown operator or query field, a clause without target
 * or expr, a bad regular expression, an `order` or `limit` of the wrong shape, a value that is
 * not an object (`[]`, `5` → `{"body": "must be object"}`). Invalid JSON was answered 400 before.
 */
export function readQuery(body: JsonBody): QueryResult {
  if (!body.present) return { ok: true, query: {} };
  const parsed = parseQuery(body.value);
  if (!parsed.ok) return { ok: false, response: errorResponse(400, { [parsed.problem.field]: parsed.problem.reason }) };
  return { ok: true, query: parsed.value };
}
