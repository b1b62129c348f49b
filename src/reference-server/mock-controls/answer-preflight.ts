import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { CORS_ALLOWED_METHODS, CORS_DOCUMENTED_HEADERS, CORS_MAX_AGE, readCorsHeaders, type CorsOptions } from './cors-policy.js';

/** True for a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method` (Fetch standard). */
export function isPreflight(request: Pick<CoreRequest, 'method' | 'headers'>): boolean {
  return (
    request.method.toUpperCase() === 'OPTIONS' &&
    request.headers['origin'] !== undefined &&
    request.headers['access-control-request-method'] !== undefined
  );
}

/**
 * `Access-Control-Allow-Headers`: `authorization` and `content-type` always, plus what the
 * preflight asks for among the documented headers (the fault headers). A header outside that
 * list is not allowed, so the browser refuses to send it.
 */
export function readAllowedRequestHeaders(requested: string | undefined): string {
  const asked = (requested ?? '').split(',').map((name) => name.trim().toLowerCase());
  const allowed = ['authorization', 'content-type', ...asked.filter((name) => CORS_DOCUMENTED_HEADERS.includes(name))];
  return [...new Set(allowed)].join(', ');
}

/**
 * The answer to a preflight: 204 without a body, before any routing or authentication (a
 * preflight never carries a token), allowing the four methods and the documented headers. An
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
