import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { CORS_ALLOWED_METHODS, CORS_MAX_AGE, readCorsHeaders, type CorsOptions } from './cors-policy.js';

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
