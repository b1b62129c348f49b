import type { OperationEntry } from '../../spec/openapi-document.js';
import { listOperations } from '../../spec/openapi-document.js';
import type { CoreResponse } from '../core/core-types.js';
import { jsonResponse, reasonPhrase } from '../core/envelope.js';
import { injectedMessage } from './injected-message.js';
import { injectedResponse } from './injected-response.js';

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

/** What a fault may ask for besides a status: a dropped connection, or no answer at all. */
export const CONNECTION_FAULTS = ['drop', 'timeout'] as const;
export type ConnectionFault = (typeof CONNECTION_FAULTS)[number];

/** An injected outcome: an HTTP status, or a connection fault. */
export type InjectedStatus = number | ConnectionFault;

/**
 * A response the adapters answer by cutting the connection (node:http destroys the socket, msw
 * answers `HttpResponse.error()`). An adapter that does not know the mark still sends a plain,
 * marked 502, so nothing reads it as a real outcome.
 */
export type MockResponse = CoreResponse & { dropConnection?: true };

/** Every status some operation of the spec documents. */
export const DOCUMENTED_STATUSES: readonly number[] = [...new Set(listOperations().flatMap((op) => op.statuses))].sort((a, b) => a - b);

/** True for a status a fault may ask for on this operation (undefined: any operation). */
export function isInjectableStatus(status: number, operation?: OperationEntry): boolean {
  if (GATEWAY_STATUSES[status] !== undefined) return true;
  return operation ? operation.statuses.includes(status) : DOCUMENTED_STATUSES.includes(status);
}

/** Reads `503`, `drop` or `timeout` (a header value or a rule's field); undefined when it is none of them. */
export function readInjectedStatus(value: unknown): InjectedStatus | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if ((CONNECTION_FAULTS as readonly string[]).includes(text)) return text as ConnectionFault;
  return /^\d{3}$/.test(text) ? Number(text) : undefined;
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
export function injectedAnswer(status: number | 'drop', operation: OperationEntry | undefined, source: string): MockResponse {
  if (status === 'drop') return { ...gatewayResponse(502, source, `Connection dropped by ${source}`), dropConnection: true };
  if (operation?.statuses.includes(status)) {
    const answer = injectedResponse(operation, status, source);
    return { ...answer, headers: { ...answer.headers, [INJECTED_HEADER]: source } };
  }
  return gatewayResponse(status, source);
}
