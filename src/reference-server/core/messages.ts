/**
 * Every message the reference server answers with, named once so tests and other adapters
 * import them instead of repeating the text (§4.1, §7; spec x-decisions error-envelope,
 * success-messages).
 */

/** §4.1 rule 3: duplicate id → 406. */
export const ID_ALREADY_FOUND = 'Id already found';
/** §5: any failed check of the Authorization header → 401. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const AUTHENTICATION_FAILED = 'Authentication failed';
/** §7: read/delete that matches nothing → 404. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const NOTHING_FOUND = 'Nothing found for the query';
/** §7 (415); x-decisions media-type. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const MEDIA_TYPE_NOT_SUPPORTED = 'Media type not supported: send application/json';
/** x-decisions unknown-path: a path outside the three indices → 404. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const UNKNOWN_PATH = 'No index at this path';
/** x-decisions unknown-path: another method on an index path → 405. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const METHOD_NOT_ALLOWED = 'Method not allowed: use GET, POST, PUT or DELETE';
/** x-decisions slow-clients: headers or body did not arrive in time → 408, connection closed. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const REQUEST_TIMEOUT = 'The request did not arrive in time';
/** node:http refused the request headers as too large → 431. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const HEADERS_TOO_LARGE = 'The request headers are too large';
/** §4.2 (500): only an unexpected throw in an adapter yields it. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const SERVER_ERROR = 'The server cannot satisfy the request';

/** §4.2 (400) and x-decisions malformed-json: `Request not valid: <why>`. */
export function requestNotValid(why: string): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `Request not valid: ${why}`;
}

/** x-decisions body-limit: 413 message naming the limit. */
// Stryker disable next-line BlockStatement: wording not fixed: message text (features/SURVIVORS.md)
export function bodyTooLarge(limitBytes: number): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `The request body exceeds ${limitBytes} bytes`;
}

/** x-decisions batches: 413 for a batch over the limit. */
// Stryker disable next-line BlockStatement: wording not fixed: message text (features/SURVIVORS.md)
export function batchTooLong(maxRecords: number): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `A batch holds at most ${maxRecords} records`;
}

/** §4.1 create: the message names the id (x-decisions success-messages). */
export function recordCreated(id: string): string {
  return `Record with id=${id} created`;
}

/** §4.1 update (200). */
export function recordUpdated(id: string): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `Record with id=${id} updated`;
}

/** §4.1 update (304): nothing would change. */
export function updateNotNecessary(id: string): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `Update not necessary for record with id=${id}`;
}

/** §4.1 delete (205, envelope code 200). */
export function recordDeleted(id: string): string {
  // Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
  return `Record with id=${id} deleted`;
}

/** x-decisions readonly-id: an update whose body id differs from the path id → 406 {"id": …}. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const READONLY_FIELD = 'Readonly field';
/** x-decisions id-source: a create whose body id differs from the path id → 406 {"id": …}. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const ID_DIFFERS_FROM_PATH = 'Differs from the id in the path';
/** x-decisions entry-ids: two entries of one agent list with the same id → 406 {"actions": …}. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const REPEATED_VALUES = 'Repeated values';
/** x-decisions batches: an id in the path together with a list of records → 406 {"id": …}. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const ONE_RECORD_WITH_PATH_ID = 'Only one record can be managed when the id is in the path';
/** x-decisions batches: one id named by two records of a batch → 406 {"id": …}. */
// Stryker disable next-line StringLiteral: wording not fixed: message text (features/SURVIVORS.md)
export const SAME_ID_IN_BATCH = 'Same id present multiple times in the request';
