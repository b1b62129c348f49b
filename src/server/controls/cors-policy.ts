import type { CoreRequest, CoreResponse } from '../core/core-types.js';

/**
 * Which page origins may call the server from a browser: `'*'` for any (the default of
 * `mgmt-kit serve`, as Prism does), or a list (`--cors-origin`, repeatable).
 */
export interface CorsOptions {
  origins: '*' | readonly string[];
}

/** The default: any origin. */
export const ANY_ORIGIN: CorsOptions = { origins: '*' };

/** Methods a preflight allows: the four of §4.1. */
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE';

/**
 * Response headers a page may read beyond the safelisted ones: `Allow` (405), `Content-Type`,
 * and on an injected answer `Retry-After` (429, 503) and `X-Mgmt-Kit-Injected`.
 */
export const CORS_EXPOSED_HEADERS = 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected';

/** Seconds a browser may cache a preflight answer. */
export const CORS_MAX_AGE = '600';

/**
 * The CORS headers of an answer to a request from `origin`: `Access-Control-Allow-Origin` (`*`,
 * or the origin itself when it is on the list) and `Access-Control-Expose-Headers`. An origin
 * not on the list gets none, so the browser blocks the answer. With a list the answer varies by
 * Origin, which caches must know.
 *
 * @example readCorsHeaders('http://localhost:5173', { origins: ['http://localhost:5173'] })
 * // → { vary: 'Origin', 'access-control-allow-origin': 'http://localhost:5173', 'access-control-expose-headers': 'Allow, Content-Type, Retry-After, X-Mgmt-Kit-Injected' }
 */
export function readCorsHeaders(origin: string | undefined, options: CorsOptions): Record<string, string> {
  const exposed = { 'access-control-expose-headers': CORS_EXPOSED_HEADERS };
  if (options.origins === '*') return { 'access-control-allow-origin': '*', ...exposed };
  if (origin === undefined || !options.origins.includes(origin)) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin, ...exposed };
}

/**
 * Reads a `--cors-origin` value as a browser sends it in `Origin`: scheme, host and port, no
 * path, normalised as the browser does (`http://localhost:5173/` loses its slash, `:80` on http
 * is dropped, the host is lower-cased). Anything else is refused with the reason.
 */
export function readCorsOrigin(text: string): { ok: true; origin: string } | { ok: false; error: string } {
  let url: URL | undefined;
  try {
    url = new URL(text.trim());
  } catch {
    url = undefined;
  }
  const bare = url !== undefined && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (url === undefined || !bare || url.origin === 'null') {
    return { ok: false, error: `--cors-origin must be an origin such as http://localhost:5173 (scheme, host, port; no path), got "${text}"` };
  }
  return { ok: true, origin: url.origin };
}

/** True for a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method` (Fetch standard). */
export function isPreflight(request: Pick<CoreRequest, 'method' | 'headers'>): boolean {
  return (
    request.method.toUpperCase() === 'OPTIONS' && request.headers['origin'] !== undefined && request.headers['access-control-request-method'] !== undefined
  );
}

/** A header name as HTTP defines it (RFC 9110 token); anything else in the list is left out. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The most request header names a preflight answer allows (a real app asks for a handful). */
export const MAX_ALLOWED_REQUEST_HEADERS = 64;

/**
 * `Access-Control-Allow-Headers`: `authorization` and `content-type` always, plus every header
 * name the preflight asks for, as Prism does. A frontend sends tracing and request-id headers
 * (`traceparent`, `sentry-trace`, `x-request-id`) its own libraries add; refusing them would
 * make the browser drop the call before the mock ever sees it. Which origins may call at all
 * stays `--cors-origin`'s decision.
 */
export function readAllowedRequestHeaders(requested: string | undefined): string {
  const asked = (requested ?? '').split(',').map((name) => name.trim().toLowerCase());
  const allowed = ['authorization', 'content-type', ...asked.filter((name) => HEADER_NAME.test(name))];
  return [...new Set(allowed)].slice(0, MAX_ALLOWED_REQUEST_HEADERS).join(', ');
}

/**
 * The answer to a preflight: 204 without a body, before any routing or authentication (a
 * preflight never carries a token), allowing the four methods and the headers asked for. An
 * origin outside `--cors-origin` gets no `Access-Control-Allow-Origin`, so the browser blocks
 * the call that would follow.
 */
export function answerPreflight(request: Pick<CoreRequest, 'headers'>, options: CorsOptions): CoreResponse {
  const origin = readCorsHeaders(request.headers['origin'], options);
  if (origin['access-control-allow-origin'] === undefined) return { status: 204, headers: { vary: 'Origin' } };
  return {
    status: 204,
    headers: {
      ...origin,
      'access-control-allow-methods': CORS_ALLOWED_METHODS,
      'access-control-allow-headers': readAllowedRequestHeaders(request.headers['access-control-request-headers']),
      'access-control-max-age': CORS_MAX_AGE,
      vary: options.origins === '*' ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
    },
  };
}
