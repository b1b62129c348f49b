// A journal filter or a fault rule is a pattern, not a program: it takes the bound the spec states
// for a query's reg_exp (x-decisions query-language), so one limit holds for every pattern the kit takes.
import { MAX_PATTERN_LENGTH } from '../core/query/compile-pattern.js';

export interface PathMatcher {
  /** What was given, for listings: `{ path }` or `{ pathPattern }`. */
  shown: { path: string } | { pathPattern: string };
  matches(path: string): boolean;
}

/**
 * Reads the path of a journal filter or a fault rule: `path` matches exactly (as received, e.g.
 * `/event/e1`), `pathPattern` is a regular expression searched in the path, as JavaScript's
 * `RegExp.test` does (anchor it: `^/event/` for "starts with", `$` to end). One of them, or
 * neither when `optional`; a pattern that does not compile is refused with the reason.
 *
 * @example readPathMatcher({ pathPattern: '^/event/[^/]+$' }) // matches /event/e1, not /event
 */
export function readPathMatcher(
  given: { path?: unknown; pathPattern?: unknown },
  optional: boolean,
): { ok: true; matcher: PathMatcher | undefined } | { ok: false; error: string } {
  const { path, pathPattern } = given;
  if (path !== undefined && pathPattern !== undefined) return { ok: false, error: 'give path or pathPattern, not both' };
  if (path !== undefined) {
    if (typeof path !== 'string' || !path.startsWith('/'))
      return { ok: false, error: `path must be a path starting with /, e.g. /event/e1, got ${JSON.stringify(path)}` };
    return { ok: true, matcher: { shown: { path }, matches: (candidate) => candidate === path } };
  }
  if (pathPattern !== undefined) {
    if (typeof pathPattern !== 'string' || pathPattern === '')
      return { ok: false, error: `pathPattern must be a regular expression, e.g. ^/event/, got ${JSON.stringify(pathPattern)}` };
    if (pathPattern.length > MAX_PATTERN_LENGTH) return { ok: false, error: `pathPattern is longer than ${MAX_PATTERN_LENGTH} characters` };
    let regex: RegExp;
    try {
      regex = new RegExp(pathPattern);
    } catch (error) {
      return { ok: false, error: `pathPattern ${JSON.stringify(pathPattern)} is not a regular expression: ${(error as Error).message}` };
    }
    return { ok: true, matcher: { shown: { pathPattern }, matches: (candidate) => regex.test(candidate) } };
  }
  return optional
    ? { ok: true, matcher: undefined }
    : { ok: false, error: 'give path (exact, e.g. /event/e1) or pathPattern (a regular expression, e.g. ^/event/)' };
}
