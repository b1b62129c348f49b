import { INDEX_DEFINITIONS, type IndexDefinition } from './index-definitions.js';
import { METHOD_NOT_ALLOWED_ROUTE, UNKNOWN_PATH_ROUTE } from './unrouted-requests.js';

export { ALLOWED_METHODS } from './unrouted-requests.js';

/** CRUD method of §4.1. */
export type IndexMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a request goes: an index operation, or why it goes nowhere. */
export type Route =
  | { kind: 'operation'; index: IndexDefinition; method: IndexMethod; id: string | undefined }
  | typeof UNKNOWN_PATH_ROUTE
  | typeof METHOD_NOT_ALLOWED_ROUTE;

const INDEX_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

/** Each index with its `{base}/` prefix, built once rather than on every request. */
const PREFIXED = INDEX_DEFINITIONS.map((index) => ({ index, prefix: `${index.basePath}/` }));

/** The id a path segment names, percent-decoded (an id without `%` comes back as it is). */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // malformed percent-encoding: no record can have that id
  }
}

/**
 * Matches `{base}[/{id}]` of §4.1. The id is percent-decoded; an empty id segment, a
 * deeper path or a malformed escape is an unknown path (404), another method on an index
 * path is 405.
 */
export function matchRoute(method: string, path: string): Route {
  for (const { index, prefix } of PREFIXED) {
    let id: string | undefined;
    if (path === index.basePath) id = undefined;
    else if (path.startsWith(prefix)) {
      const rest = path.slice(prefix.length);
      id = rest.includes('/') ? undefined : decodeSegment(rest);
      // An empty id segment, a deeper path and a malformed escape name no record.
      if (!id) return UNKNOWN_PATH_ROUTE;
    } else continue;
    const upper = method.toUpperCase();
    if (!INDEX_METHODS.has(upper)) return METHOD_NOT_ALLOWED_ROUTE;
    return { kind: 'operation', index, method: upper as IndexMethod, id };
  }
  return UNKNOWN_PATH_ROUTE;
}
