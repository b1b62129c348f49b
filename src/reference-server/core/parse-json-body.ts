import type { CoreRequest, CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import { MEDIA_TYPE_NOT_SUPPORTED, requestNotValid } from './messages.js';

/** Deeper bodies are refused with 400: recursive validation and copying must never overflow the stack. */
export const MAX_BODY_DEPTH = 64;

/** What a request carried: no body, or a parsed JSON value. */
export type JsonBody = { present: false } | { present: true; value: unknown };

/**
 * True for `application/json`, with parameters (`; charset=utf-8`) and for `application/*+json`
 * (x-decisions media-type).
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(essence);
}

/** Nesting depth of a JSON value, counted without recursion so hostile input cannot overflow. */
export function measureDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Reads the body of a request as JSON, or answers the error: 415 when a body is not sent as
 * JSON (seed §7), 400 when it is not valid JSON (x-decisions malformed-json) or nests too deep.
 * An absent or whitespace-only body counts as no body and needs no Content-Type.
 */
export function parseJsonBody(request: CoreRequest): JsonBody | CoreResponse {
  const text = request.body;
  if (text === undefined || text.trim() === '') return { present: false };
  if (!isJsonMediaType(request.headers['content-type'])) return errorResponse(415, MEDIA_TYPE_NOT_SUPPORTED);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return errorResponse(400, requestNotValid('the body is not valid JSON'));
  }
  if (measureDepth(value) > MAX_BODY_DEPTH) {
    return errorResponse(400, requestNotValid(`the body nests deeper than ${MAX_BODY_DEPTH} levels`));
  }
  return { present: true, value };
}
