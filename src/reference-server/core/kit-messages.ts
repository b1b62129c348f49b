/**
 * The messages whose words the description leaves to the implementation (§7 names the statuses,
 * not their texts; spec x-decisions error-envelope), so the kit chose them. Not mutated
 * (stryker.config.json, docs/mutation/README.md): no conformance suite may hold a server to these
 * words. Re-exported by ./messages.ts, which the rest of the kit imports.
 */

/** §5: any failed check of the Authorization header → 401. */
export const AUTHENTICATION_FAILED = 'Authentication failed';
/** §7: read/delete that matches nothing → 404. */
export const NOTHING_FOUND = 'Nothing found for the query';
/** §7 (415); x-decisions media-type. */
export const MEDIA_TYPE_NOT_SUPPORTED = 'Media type not supported: send application/json';
/** x-decisions unknown-path: a path outside the three indices → 404. */
export const UNKNOWN_PATH = 'No index at this path';
/** x-decisions unknown-path: another method on an index path → 405. */
export const METHOD_NOT_ALLOWED = 'Method not allowed: use GET, POST, PUT or DELETE';
/** x-decisions slow-clients: headers or body did not arrive in time → 408, connection closed. */
export const REQUEST_TIMEOUT = 'The request did not arrive in time';
/** node:http refused the request headers as too large → 431. */
export const HEADERS_TOO_LARGE = 'The request headers are too large';
/** §4.2 (500): only an unexpected throw in an adapter yields it. */
export const SERVER_ERROR = 'The server cannot satisfy the request';

/** How the message of a 400 begins (§4.2, x-decisions malformed-json): `Request not valid: <why>`. */
export const REQUEST_NOT_VALID_PREFIX = 'Request not valid: ';

/** x-decisions body-limit: 413 message naming the limit. */
export function bodyTooLarge(limitBytes: number): string {
  return `The request body exceeds ${limitBytes} bytes`;
}

/** x-decisions batches: 413 for a batch over the limit. */
export function batchTooLong(maxRecords: number): string {
  return `A batch holds at most ${maxRecords} records`;
}

/** x-decisions readonly-id: an update whose body id differs from the path id → 406 {"id": …}. */
export const READONLY_FIELD = 'Readonly field';
/** x-decisions id-source: a create whose body id differs from the path id → 406 {"id": …}. */
export const ID_DIFFERS_FROM_PATH = 'Differs from the id in the path';
/** x-decisions update-unknown-id: an update of an id no record has → 406 {"id": …}. */
export const NO_RECORD_WITH_ID = 'not found';
/** x-decisions entry-ids: two entries of one agent list with the same id → 406 {"actions": …}. */
export const REPEATED_VALUES = 'Repeated values';
/** x-decisions batches: an id in the path together with a list of records → 406 {"id": …}. */
export const ONE_RECORD_WITH_PATH_ID = 'Only one record can be managed when the id is in the path';
/** x-decisions batches: one id named by two records of a batch → 406 {"id": …}. */
export const SAME_ID_IN_BATCH = 'Same id present multiple times in the request';

/** The field a refusal names when the body as a whole is refused (a query body that is not an object). */
export const BODY_FIELD = 'body';

/** x-decisions limits: why a body holding a number JSON cannot carry back (1e400 parses as Infinity) is refused with 400. */
export const NUMBER_JSON_CANNOT_CARRY = 'the body holds a number JSON cannot carry (such as 1e400)';

/** x-decisions limits: why a body nested deeper than the limit is refused with 400. */
export function nestsDeeperThan(maxDepth: number): string {
  return `the body nests deeper than ${maxDepth} levels`;
}

/** A problem of the body worded for the `q` URL parameter that carries a query instead (x-decisions query-parameter). */
export function asQueryParameterProblem(bodyProblem: string): string {
  return bodyProblem.replace(/^the body/, 'the query');
}
