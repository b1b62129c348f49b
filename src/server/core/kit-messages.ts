import type { OpenApiDocument } from '../../contract/spec/openapi-document.js';
import type { SchemaViolation } from '../../contract/spec/spec-validator.js';
import { unescapePointerSegment } from './json-record.js';

/**
 * The words the description leaves to the implementation (§7 names the statuses, not their
 * texts; spec x-decisions error-envelope), so the kit chose them: messages, the reason phrases
 * and 406 reasons no feature checks, the query language's refusals. Not mutated
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
export const bodyTooLarge = (limitBytes: number): string => `The request body exceeds ${limitBytes} bytes`;

/** x-decisions batches: 413 for a batch over the limit. */
export const batchTooLong = (maxRecords: number): string => `A batch holds at most ${maxRecords} records`;

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
export const nestsDeeperThan = (maxDepth: number): string => `the body nests deeper than ${maxDepth} levels`;

/** A problem of the body worded for the `q` URL parameter that carries a query instead (x-decisions query-parameter). */
export const asQueryParameterProblem = (bodyProblem: string): string => bodyProblem.replace(/^the body/, 'the query');

/**
 * The reason phrases of the envelopes whose body the features do not check (204, 401, 404, 405,
 * 408, 413, 415, 422, 431, 500): the kit gives each status its usual HTTP phrase, and a faithful
 * server may give another (spec x-decisions error-envelope).
 */
export const KIT_REASON_PHRASES: Readonly<Record<number, string>> = {
  204: 'No Content',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

/** The phrase of a status the core never answers (none does today). */
export const UNKNOWN_REASON_PHRASE = 'Unknown';

/**
 * The reasons a 406 message object gives for a field that fails anything but a required check:
 * `must be string`, `must be one of: started, stopped, unknown`, `must be a string or a list of
 * strings`. §4.1 rule 4 fixes only `{"name": "required"}`. Which field a refusal names, and that
 * it gives a reason at all, is decided in ./validate-record.ts, which is mutated.
 */
export type ReasonOf = (violation: SchemaViolation, doc: OpenApiDocument) => string;

/** ajv keyword → the kit's reason; a keyword not listed keeps ajv's own message. */
export const KIT_REFUSAL_REASONS: ReadonlyMap<string, ReasonOf> = new Map<string, ReasonOf>([
  ['additionalProperties', () => 'not allowed'],
  ['enum', (v) => `must be one of: ${(v.params['allowedValues'] as unknown[]).join(', ')}`],
  ['type', (v) => `must be ${String(v.params['type'])}`],
  ['minLength', (v) => (v.params['limit'] === 1 ? 'must not be empty' : `must have at least ${String(v.params['limit'])} characters`)],
  ['const', (v) => `must be ${JSON.stringify(v.params['allowedValue'])}`],
  ['oneOf', (v, doc) => `must be ${describeOneOf(doc, v.schemaPath) ?? 'one of the allowed shapes'}`],
]);

function resolvePointer(doc: OpenApiDocument, schemaPath: string): unknown {
  if (!schemaPath.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of schemaPath.slice(2).split('/')) {
    const key = unescapePointerSegment(raw);
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function describeBranch(branch: unknown): string | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const { type, items } = branch as { type?: unknown; items?: { type?: unknown } };
  if (type === 'array') return typeof items?.type === 'string' ? `a list of ${items.type}s` : 'a list';
  if (type === 'object') return 'an object';
  if (type === 'integer') return 'an integer';
  return typeof type === 'string' ? `a ${type}` : undefined;
}

/** The `oneOf` at a schema path as "a string or a list of strings" when its branches are plain types; else undefined. */
function describeOneOf(doc: OpenApiDocument, schemaPath: string): string | undefined {
  const branches = resolvePointer(doc, schemaPath);
  if (!Array.isArray(branches)) return undefined;
  const described = branches.map(describeBranch);
  return described.every((d) => d !== undefined) ? described.join(' or ') : undefined;
}

/*
 * The query language's refusals (extension, x-decisions query-validation): the features check
 * the 400 and the part of the query it names, never the reason.
 */

/** Why a `q` parameter is refused (400 `{"q": …}`, x-decisions query-parameter). */
export const Q_AND_BODY = 'send the query in the body or as q, not both';
export const Q_REPEATED = 'give q once';
export const Q_NOT_JSON = 'must be URL-encoded JSON';

/** An operator of `where` that the query language does not have (parse-query.test.ts checks that where takes each one it names). */
export const UNKNOWN_OPERATOR = 'unknown operator: use equals, reg_exp, wildcard, lt, lte, gt, gte, and, or, not';

/** What a refusal calls each kind of pattern. */
export const REGULAR_EXPRESSION = 'regular expression';
export const WILDCARD = 'wildcard';

/**
 * re2js's explanation of a pattern it cannot compile. re2js quotes the pattern with the DOTALL
 * flag it was given as `(?s)`; the client never wrote that, so it is taken out.
 */
export const describeRe2Error = (error: unknown): string =>
  error instanceof Error ? error.message.replace(/^error parsing regexp: /, '').replace('`(?s)', '`') : String(error);
