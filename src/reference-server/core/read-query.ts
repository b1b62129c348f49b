import type { CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import type { WhereEquals } from './match-where.js';
import type { JsonBody } from './parse-json-body.js';
import type { RecordValidator } from './validate-record.js';

/** The query body of read and delete (seed §4.1), validated. */
export interface Query {
  select?: string[];
  where?: { equals: WhereEquals };
}

/** A valid query, or the error response to send instead. */
export type QueryResult = { ok: true; query: Query } | { ok: false; response: CoreResponse };

/**
 * The query of a read or delete: `{}` without a body; 406 with dotted field names when the JSON
 * breaks the spec's `Query` schema (x-decisions query-validation), a value that is not an object
 * included (`[]`, `5` → `{"body": "must be object"}`): the 400 for non-objects of x-decisions
 * malformed-json covers only create and update. Invalid JSON was answered 400 before this.
 */
export function readQuery(body: JsonBody, validate: RecordValidator): QueryResult {
  if (!body.present) return { ok: true, query: {} };
  const message = validate('Query', body.value);
  if (message) return { ok: false, response: errorResponse(406, message) };
  return { ok: true, query: body.value as Query };
}
