import { INDEX_DEFINITIONS, type IndexDefinition } from './index-definitions.js';

/** Methods every index path supports (x-decisions unknown-path: the 405 Allow header). */
// Stryker disable next-line StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
export const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/** CRUD method of §4.1. */
export type IndexMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a request goes: an index operation, or why it goes nowhere. */
export type Route =
  | { kind: 'operation'; index: IndexDefinition; method: IndexMethod; id: string | undefined }
  | { kind: 'unknown-path' }
  | { kind: 'method-not-allowed' };

const INDEX_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE']);

/** Each index with its `{base}/` prefix, built once rather than on every request. */
const PREFIXED = INDEX_DEFINITIONS.map((index) => ({ index, prefix: `${index.basePath}/` }));

function decodeSegment(segment: string): string | undefined {
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
  if (!segment.includes('%')) return segment; // nothing to decode (the usual id)
  // Stryker disable next-line BlockStatement: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
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
      // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
      if (!id) return { kind: 'unknown-path' };
    } else continue;
    const upper = method.toUpperCase();
    // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
    if (!INDEX_METHODS.has(upper)) return { kind: 'method-not-allowed' };
    // Stryker disable next-line StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
    return { kind: 'operation', index, method: upper as IndexMethod, id };
  }
  // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path (features/SURVIVORS.md)
  return { kind: 'unknown-path' };
}
