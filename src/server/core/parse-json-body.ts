import type { CoreRequest, CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import { isJsonSuffixMediaType } from './json-suffix-media-type.js';
import { MEDIA_TYPE_NOT_SUPPORTED, nestsDeeperThan, NUMBER_JSON_CANNOT_CARRY, requestNotValid } from './messages.js';

/** 1 MiB: the default body limit (x-decisions body-limit; `--body-limit` and the msw handlers' `bodyLimit` change it). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/** Deeper bodies are refused with 400: recursive validation and copying must never overflow the stack. */
export const MAX_BODY_DEPTH = 64;

/** What a request carried: no body, or a parsed JSON value. */
export type JsonBody = { present: false } | { present: true; value: unknown };

/**
 * True for `application/json`, with parameters (`; charset=utf-8`) and for `application/*+json`
 * (x-decisions media-type).
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const essence = (contentType?.split(';')[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || isJsonSuffixMediaType(essence);
}

/** Why a parsed body cannot be accepted although it is valid JSON text, or undefined when it can. */
// Stryker disable next-line BlockStatement: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
export function findJsonProblem(value: unknown): string | undefined {
  // Iterative walk: hostile nesting must not overflow the stack.
  // Stryker disable next-line ArrayDeclaration: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
  const stack: Array<[unknown, number]> = [[value, 0]];
  // Stryker disable next-line ConditionalExpression: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    // JSON.parse turns 1e400 into Infinity, which JSON.stringify would send back as null.
    // Stryker disable next-line StringLiteral: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
    if (typeof node === 'number' && !Number.isFinite(node)) return NUMBER_JSON_CANNOT_CARRY;
    // Stryker disable next-line EqualityOperator,StringLiteral: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
    if (typeof node !== 'object' || node === null) continue;
    // Stryker disable next-line ArithmeticOperator: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
    if (depth + 1 > MAX_BODY_DEPTH) return nestsDeeperThan(MAX_BODY_DEPTH);
    // Stryker disable next-line ArithmeticOperator,ArrayDeclaration: limits: x-decisions limits (docs/mutation/SURVIVORS.md)
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * Reads the body of a request as JSON, or answers the error: 415 when a body is not sent as
 * JSON (§7); 400 (x-decisions malformed-json) when its bytes are not UTF-8, it is not valid
 * JSON, it holds a number JSON cannot carry back (1e400) or it nests deeper than
 * {@link MAX_BODY_DEPTH}. An absent or whitespace-only body counts as no body and needs no
 * Content-Type.
 */
export function parseJsonBody(request: CoreRequest): JsonBody | CoreResponse {
  const text = request.body;
  // Stryker disable next-line MethodExpression: kit-only: a whitespace-only body is no body, x-decisions empty-body (docs/mutation/SURVIVORS.md)
  if (text === undefined || text.trim() === '') return { present: false };
  if (!isJsonMediaType(request.headers['content-type'])) return errorResponse(415, MEDIA_TYPE_NOT_SUPPORTED);
  if (request.bodyNotUtf8) return errorResponse(400, requestNotValid('the body is not valid UTF-8'));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return errorResponse(400, requestNotValid('the body is not valid JSON'));
  }
  const problem = findJsonProblem(value);
  if (problem !== undefined) return errorResponse(400, requestNotValid(problem));
  return { present: true, value };
}

// Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: bytes that are not UTF-8, x-decisions malformed-json (docs/mutation/SURVIVORS.md)
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lossyUtf8 = new TextDecoder('utf-8');

/**
 * Decodes body bytes as UTF-8 for a {@link CoreRequest}: `notUtf8` flags invalid sequences (the
 * text is then a lossy decoding the core refuses with 400, x-decisions malformed-json) instead
 * of replacing them silently. Browser-safe, so the node:http and msw adapters share it.
 */
export function decodeBody(bytes: Uint8Array): { text: string; notUtf8: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), notUtf8: false };
  } catch {
    // Stryker disable next-line BooleanLiteral,ObjectLiteral: kit-only: bytes that are not UTF-8, x-decisions malformed-json (docs/mutation/SURVIVORS.md)
    return { text: lossyUtf8.decode(bytes), notUtf8: true };
  }
}
