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
