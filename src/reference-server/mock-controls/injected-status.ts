import type { OperationEntry } from '../../spec/openapi-document.js';
import { listOperations } from '../../spec/openapi-document.js';
import type { CoreResponse } from '../core/core-types.js';
import { jsonResponse, reasonPhrase } from '../core/envelope.js';
import { injectedMessage } from './injected-message.js';
import { injectedResponse } from './injected-response.js';
import { unhandledFault, type Fault } from './fault.js';

/** The header every injected answer carries, naming what injected it (`x-mgmt-kit-status` or `rule f1`). */
export const INJECTED_HEADER = 'x-mgmt-kit-injected';

/**
 * Statuses the spec documents for no operation but that a gateway in front of the real service
 * sends, and that an app's retry logic must survive. Answered with an envelope of the usual
 * shape, marked injected; 429 and 503 say when to come back (`Retry-After`).
 */
export const GATEWAY_STATUSES: Readonly<Record<number, string>> = {
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Seconds in the `Retry-After` of an injected 429 or 503. */
export const INJECTED_RETRY_AFTER = '1';

/**
 * An answer of the mock controls: the core's, or one a fault injected, carrying that fault. For a
 * `drop` the adapters cut the connection (node:http destroys the socket, msw answers
 * `HttpResponse.error()`); an adapter that does not know the mark still sends a plain, marked 502,
 * so nothing reads it as a real outcome.
 */
export type MockResponse = CoreResponse & { fault?: Fault };

/** Every status some operation of the spec documents. */
export const DOCUMENTED_STATUSES: readonly number[] = [...new Set(listOperations().flatMap((op) => op.statuses))].sort((a, b) => a - b);

/** True for a status a fault may ask for on this operation (undefined: any operation). */
export function isInjectableStatus(status: number, operation?: OperationEntry): boolean {
  if (GATEWAY_STATUSES[status] !== undefined) return true;
  return operation ? operation.statuses.includes(status) : DOCUMENTED_STATUSES.includes(status);
}

/** True for a fault that may be asked on this operation (undefined: any operation): a connection fault always. */
export function isInjectable(fault: Fault, operation?: OperationEntry): boolean {
  switch (fault.kind) {
    case 'status':
      return isInjectableStatus(fault.status, operation);
    case 'drop':
    case 'timeout':
      return true;
    default:
      return unhandledFault(fault);
  }
}

function gatewayResponse(status: number, source: string, message = injectedMessage(status, source)): CoreResponse {
  const retry = status === 429 || status === 503 ? { 'retry-after': INJECTED_RETRY_AFTER } : {};
  const item = { status: GATEWAY_STATUSES[status] ?? reasonPhrase(status), code: status, error: status >= 400, message };
  return jsonResponse(status, [item], { [INJECTED_HEADER]: source, ...retry });
}

/**
 * The injected answer for `status` on `operation`: the spec-shaped answer where the operation
 * documents the status (as the header always gave), else the same envelope a gateway status
 * gets (a rule's 500 on a path outside the operations, say); a dropped
 * connection is a marked 502. A time-out has no answer: the caller never answers.
 */
export function injectedAnswer(fault: Exclude<Fault, { kind: 'timeout' }>, operation: OperationEntry | undefined, source: string): MockResponse {
  switch (fault.kind) {
    case 'drop':
      return { ...gatewayResponse(502, source, `Connection dropped by ${source}`), fault };
    case 'status': {
      if (!operation?.statuses.includes(fault.status)) return { ...gatewayResponse(fault.status, source), fault };
      const answer = injectedResponse(operation, fault.status, source);
      return { ...answer, headers: { ...answer.headers, [INJECTED_HEADER]: source }, fault };
    }
    default:
      return unhandledFault(fault);
  }
}
