import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { errorResponse } from '../core/envelope.js';
import { requestNotValid } from '../core/messages.js';
import { FAULT_DELAY_HEADER, FAULT_STATUS_HEADER, CONNECTION_FAULTS, readFault, type Fault } from './fault.js';
import { findOperation, GATEWAY_STATUSES, isInjectable } from './injected-status.js';
import { MAX_DELAY_MS, parseDuration } from './parse-duration.js';

/** What a fault (header or rule) asks of one request: a fault instead of the core's answer, a delay, both, or neither. */
export interface FaultRequest {
  /** `x-mgmt-kit-status`, a rule's `status`. */
  fault?: Fault;
  /** Milliseconds to wait before answering (`x-mgmt-kit-delay`, a rule's `delay`). */
  delayMs?: number;
}

/** What else a fault may ask for beyond the documented statuses, for the 400 messages. */
export const OTHER_INJECTABLE = `a gateway status ${Object.keys(GATEWAY_STATUSES).join(', ')}, or ${CONNECTION_FAULTS.join(', ')}`;

/** The 400 message for a status the operation does not document (or one that is not a status). */
export function undocumentedStatus(value: string, operationId: string, statuses: readonly number[]): string {
  return requestNotValid(
    `${FAULT_STATUS_HEADER}: ${value} is not a status the spec documents for ${operationId} (use one of ${statuses.join(', ')}; or ${OTHER_INJECTABLE})`,
  );
}

/**
 * Reads `x-mgmt-kit-status` and `x-mgmt-kit-delay` (only called when `--admin` is on). A status
 * must be one the spec documents for the addressed operation, a gateway status (429, 502, 503,
 * 504) or `drop` / `timeout`, else the answer is a 400 envelope saying which are; a delay must
 * read as a duration (`2s`, `300ms`), else 400. On a path outside the spec's operations the
 * status header is ignored: the real 404/405 comes instead.
 *
 * @example readFaultHeaders({ method: 'GET', path: '/event', headers: { 'x-mgmt-kit-status': '418' } })
 * // → { error: 400 "Request not valid: x-mgmt-kit-status: 418 is not a status the spec documents for readEvents (use one of 200, 204, …)" }
 */
export function readFaultHeaders(request: CoreRequest): FaultRequest | { error: CoreResponse } {
  let fault: FaultRequest = {};
  const status = request.headers[FAULT_STATUS_HEADER];
  const operation = status === undefined ? undefined : findOperation(request.method, request.path);
  if (status !== undefined && operation !== undefined) {
    const asked = readFault(status);
    if (asked === undefined || !isInjectable(asked, operation)) {
      return { error: errorResponse(400, undocumentedStatus(status.trim(), operation.operationId, operation.statuses)) };
    }
    fault = { fault: asked };
  }
  const delay = request.headers[FAULT_DELAY_HEADER];
  if (delay !== undefined) {
    const parsed = parseDuration(delay, { max: MAX_DELAY_MS });
    if (!parsed.ok) return { error: errorResponse(400, requestNotValid(`${FAULT_DELAY_HEADER}: ${parsed.error}`)) };
    fault.delayMs = parsed.ms;
  }
  return fault;
}
