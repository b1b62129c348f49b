import type { CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import { METHOD_NOT_ALLOWED, UNKNOWN_PATH } from './messages.js';

/**
 * Requests no index operation answers (x-decisions unknown-path): a path outside the three
 * indices, or an id segment that can name no record (empty, deeper, a malformed escape) → 404;
 * another method on an index path → 405 with `Allow`. The description knows only its four
 * methods on its three index paths (§4.1), so no conformance suite sends these requests; this
 * file is not mutated (stryker.config.json, docs/mutation/README.md).
 */

export const UNKNOWN_PATH_ROUTE = { kind: 'unknown-path' } as const;

export const METHOD_NOT_ALLOWED_ROUTE = { kind: 'method-not-allowed' } as const;

/** Methods every index path supports (the 405 Allow header). */
export const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

export function answerUnrouted(route: typeof UNKNOWN_PATH_ROUTE | typeof METHOD_NOT_ALLOWED_ROUTE): CoreResponse {
  return route.kind === 'unknown-path' ? errorResponse(404, UNKNOWN_PATH) : errorResponse(405, METHOD_NOT_ALLOWED, { allow: ALLOWED_METHODS });
}
