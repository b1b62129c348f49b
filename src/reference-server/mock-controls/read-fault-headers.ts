import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { errorResponse } from '../core/envelope.js';
import { requestNotValid } from '../core/messages.js';
import { FAULT_DELAY_HEADER, FAULT_STATUS_HEADER } from './fault-header-names.js';
import { findOperation } from './find-operation.js';
import { injectedResponse } from './injected-response.js';
import { parseDuration } from './parse-duration.js';

/** What the fault headers of one request ask for: an answer to send instead of acting, a delay, both or neither. */
export interface FaultRequest {
  /** The injected answer (`x-mgmt-kit-status`). */
  answer?: CoreResponse;
  /** Milliseconds to wait before answering (`x-mgmt-kit-delay`). */
  delayMs?: number;
}

/** The 400 message for a status the operation does not document (or one that is not a status). */
export function undocumentedStatus(value: string, operationId: string, statuses: readonly number[]): string {
  return requestNotValid(`${FAULT_STATUS_HEADER}: ${value} is not a status the spec documents for ${operationId} (use one of ${statuses.join(', ')})`);
}

/**
 * Reads `x-mgmt-kit-status` and `x-mgmt-kit-delay` (only called when `--admin` is on). A status
 * must be one the spec documents for the addressed operation, else the answer is a 400 envelope
 * saying which ones are; a delay must read as a duration (`2s`, `300ms`), else 400. On a path
 * outside the spec's operations the status header is ignored: the real 404/405 comes instead.
 *
 * @example readFaultHeaders({ method: 'GET', path: '/event', headers: { 'x-mgmt-kit-status': '418' } })
 * // → { error: 400 "Request not valid: x-mgmt-kit-status: 418 is not a status the spec documents for readEvents (use one of 200, 204, …)" }
 */
export function readFaultHeaders(request: CoreRequest): FaultRequest | { error: CoreResponse } {
  const fault: FaultRequest = {};
  const delay = request.headers[FAULT_DELAY_HEADER];
  if (delay !== undefined) {
    const parsed = parseDuration(delay);
    if (!parsed.ok) return { error: errorResponse(400, requestNotValid(`${FAULT_DELAY_HEADER}: ${parsed.error}`)) };
    fault.delayMs = parsed.ms;
  }
  const status = request.headers[FAULT_STATUS_HEADER];
  const operation = status === undefined ? undefined : findOperation(request.method, request.path);
  if (status !== undefined && operation !== undefined) {
    const code = /^\s*\d{3}\s*$/.test(status) ? Number(status) : Number.NaN;
    if (!operation.statuses.includes(code)) {
      return { error: errorResponse(400, undocumentedStatus(status.trim(), operation.operationId, operation.statuses)) };
    }
    fault.answer = injectedResponse(operation, code);
  }
  return fault;
}
