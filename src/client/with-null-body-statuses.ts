// The Fetch standard's "null body statuses": fetch drops a 205's body but keeps the server's Content-Length, so a
// client that reads the body by that header (openapi-fetch, @hey-api/openapi-ts) fails on every delete.
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * Wraps a fetch so that a 204, 205 or 304 answer says `Content-Length: 0`: such clients then resolve it with no data
 * instead of throwing (the 205 delete envelope is gone either way; the status is the answer).
 * @example
 * import createFetchClient from 'openapi-fetch';
 * import type { paths } from '@mgmt-kit/client/schema';
 * const api = createFetchClient<paths>({ baseUrl, fetch: withNullBodyStatuses(fetch) });
 * const { response } = await api.DELETE('/event/{id}', { params: { path: { id: 'e1' } } }); // 205
 */
export function withNullBodyStatuses(baseFetch: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await baseFetch(input, init);
    if (!NULL_BODY_STATUSES.has(response.status)) return response;
    const headers = new Headers(response.headers);
    headers.set('content-length', '0');
    return new Response(null, { status: response.status, statusText: response.statusText, headers });
  };
}
