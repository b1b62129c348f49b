import { HttpResponse } from 'msw';
import type { CoreResponse } from '../core/index.js';

/**
 * Statuses a fetch `Response` cannot carry a body on. `new Response('{}', { status: 205 })`
 * throws, and `HttpResponse.json(x, { status: 205 })` keeps a Content-Length for a body msw
 * drops, so axios fails with "stream has been aborted" (msw 2.15).
 */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * Turns a core response into an msw response. 204, 205 and 304 go out without a body (the
 * seed's 205 delete envelope and 304 envelope are lost: x-decisions delete-envelope,
 * not-modified-body); the client treats a bodiless 205 as success.
 *
 * A 205 states `Content-Length: 0` (RFC 9110 section 15.3.6 asks for it): unlike 204 and 304, a 205 may
 * frame a body, so node:http's parser waits for one until the connection closes. msw 3 writes
 * the bodiless 205 without a length, and axios' Node adapter then never settles; msw 2 is fine
 * either way.
 */
export function toMswResponse(response: CoreResponse): HttpResponse<string> {
  const headers = new Headers(response.headers);
  if (NULL_BODY_STATUSES.has(response.status) || response.body === undefined) {
    headers.delete('content-length');
    if (response.status === 205) headers.set('content-length', '0');
    return new HttpResponse(null, { status: response.status, headers });
  }
  headers.set('content-type', headers.get('content-type') ?? 'application/json');
  return new HttpResponse(JSON.stringify(response.body), { status: response.status, headers });
}
