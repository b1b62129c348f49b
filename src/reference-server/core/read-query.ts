import type { CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import { isJsonObject } from './json-record.js';
import type { WhereEquals } from './match-where.js';
import { requestNotValid } from './messages.js';
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
 * The query of a read or delete: `{}` without a body; 400 when the body is not a JSON object;
 * 406 with dotted field names when it breaks the spec's `Query` schema (x-decisions query-validation).
 */
export function readQuery(body: JsonBody, validate: RecordValidator): QueryResult {
  if (!body.present) return { ok: true, query: {} };
  if (!isJsonObject(body.value)) return { ok: false, response: errorResponse(400, requestNotValid('the query must be a JSON object')) };
  const message = validate('Query', body.value);
  if (message) return { ok: false, response: errorResponse(406, message) };
  return { ok: true, query: body.value as Query };
}
