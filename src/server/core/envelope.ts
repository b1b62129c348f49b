import type { components } from '../../generated/openapi.js';
import type { CoreResponse, ValidationMessage } from './core-types.js';
import { KIT_REASON_PHRASES, UNKNOWN_REASON_PHRASE } from './kit-messages.js';

/** One item of the response envelope (§4.1): reason phrase, code, error flag, message; the spec's schema, as the client types it. */
export type EnvelopeItem = components['schemas']['EnvelopeItem'];

/**
 * The HTTP reason phrase of each status the core answers (§4.1: `status` is the HTTP reason
 * phrase). Those of the envelopes whose body the features check are here: the successes, the 406
 * refusals and the 400 of the query language (x-decisions query-validation); the others are the
 * kit's choice (./kit-messages.ts).
 */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  205: 'Reset Content',
  304: 'Not Modified',
  400: 'Bad Request',
  406: 'Not Acceptable',
  ...KIT_REASON_PHRASES,
};

/** The HTTP reason phrase of a status, as the envelope's `status` field carries it (§4.1). */
export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? UNKNOWN_REASON_PHRASE;
}

/** Headers of every core response (§4.1: Content-Type: application/json). */
export function jsonHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', ...extra };
}

/**
 * One envelope item. `reasonOf` names the status whose reason phrase goes into `status`:
 * a delete item says "Reset Content" (205) while its code is 200 (§4.1).
 *
 * @example envelopeItem(200, 'Record with id=e1 deleted', 205)
 * // → { status: 'Reset Content', code: 200, error: false, message: 'Record with id=e1 deleted' }
 */
export function envelopeItem(code: number, message: string | ValidationMessage, reasonOf: number = code): EnvelopeItem {
  return { status: reasonPhrase(reasonOf), code, error: code >= 400, message };
}

/** A response whose body is an envelope (or any JSON value), with the JSON content type. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): CoreResponse {
  return { status, headers: jsonHeaders(headers), body };
}

/** An error response: one envelope item with `error: true` and `code` equal to the HTTP status (x-decisions error-envelope). */
export function errorResponse(status: number, message: string | ValidationMessage, headers: Record<string, string> = {}): CoreResponse {
  return jsonResponse(status, [envelopeItem(status, message)], headers);
}

/** 204: nothing to act on; no body (§7, x-decisions empty-body). */
export function noContentResponse(): CoreResponse {
  return { status: 204, headers: jsonHeaders() };
}
