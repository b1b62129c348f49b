/** Where a read or delete query travels: `body` (JSON body), `url` (`?q=`, extension) or `auto`. */
export type QueryPlacement = 'auto' | 'body' | 'url';

/** True in a browser page or worker context, where a GET cannot carry a body (fetch, XHR). */
export function runsInBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown; importScripts?: unknown };
  return (scope.window !== undefined && scope.document !== undefined) || typeof scope.importScripts === 'function';
}

/**
 * Where a query goes and how: as the JSON body, or as the URL parameter `q` (x-decisions
 * query-parameter, an extension). `auto` sends `q` only for a GET in a browser, which cannot
 * send a GET body; a DELETE keeps its body even there, because a server without the extension
 * ignores `q`, and a DELETE without its query deletes every record (§4.1 rule 1).
 *
 * @example placeQuery('GET', { select: ['id'] }, 'url', false) // → { body: undefined, search: '?q=%7B%22select%22%3A%5B%22id%22%5D%7D' }
 */
export function placeQuery(method: 'GET' | 'DELETE', query: unknown, placement: QueryPlacement, inBrowser: boolean): { body: unknown; search: string } {
  if (query === undefined) return { body: undefined, search: '' };
  const url = placement === 'url' || (placement === 'auto' && method === 'GET' && inBrowser);
  return url ? { body: undefined, search: `?q=${encodeURIComponent(JSON.stringify(query))}` } : { body: query, search: '' };
}
