import { type OperationEntry, listOperations, loadOpenApiDocument } from '../../spec/openapi-document.js';
import type { CoreResponse } from '../core/core-types.js';
import { jsonResponse, reasonPhrase, envelopeItem } from '../core/envelope.js';
import { injectedMessage, unhandledFault, type Fault, FAULT_STATUS_HEADER } from './fault.js';
import { resolveResponse } from '../../spec/resolve-response.js';
import { operationIdFor } from '../core/index-definitions.js';
import { matchRoute } from '../core/route.js';

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

export { injectedMessage };

type SchemaNode = { $ref?: string; type?: string; allOf?: SchemaNode[]; items?: SchemaNode; properties?: Record<string, { const?: unknown }> };

/** The `code` an envelope schema fixes for its items (DeletedEnvelope: 200 under HTTP 205), if any. */
function readFixedCode(schemaRef: string): number | undefined {
  const schemas = loadOpenApiDocument().components.schemas as Record<string, SchemaNode>;
  const schema = schemas[schemaRef.replace('#/components/schemas/', '')];
  for (const part of schema?.allOf ?? []) {
    const code = part.items?.properties?.['code']?.const;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

/**
 * The answer `x-mgmt-kit-status: <status>` stands for, shaped by the spec's response for that
 * operation and status: no body where the spec documents none (204), the envelope where the
 * schema is an envelope (one item; code as the schema fixes it, else the status; `error` from
 * 4xx/5xx), and an empty list where it is a record list (a read's 200). The status must be one
 * the operation documents. 205 and 304 carry the envelope here and lose it to the adapters'
 * null-body handling exactly as real answers do.
 *
 * @example injectedResponse(findOperation('POST', '/event')!, 500)
 * // → 500 [{ status: 'Internal Server Error', code: 500, error: true, message: 'Answer 500 injected by x-mgmt-kit-status; …' }]
 */
export function injectedResponse(operation: OperationEntry, status: number, source: string = FAULT_STATUS_HEADER): CoreResponse {
  const resolved = resolveResponse(loadOpenApiDocument(), operation, status);
  const schema = resolved?.response.content?.['application/json']?.schema as SchemaNode | undefined;
  if (schema === undefined) return { status, headers: { 'content-type': 'application/json' } };
  if (schema.type === 'array' && !schema.$ref) return jsonResponse(status, []);
  const code = (schema.$ref ? readFixedCode(schema.$ref) : undefined) ?? status;
  return jsonResponse(status, [envelopeItem(code, injectedMessage(status, source), status)]);
}

const operations = new Map(listOperations().map((op) => [op.operationId, op]));

/**
 * The spec operation a request addresses (its operationId and documented statuses), or
 * undefined for a path or method outside the spec's operations.
 *
 * @example findOperation('POST', '/event/e1')?.statuses // → [201, 204, 400, 401, 406, 413, 415, 422, 500]
 */
export function findOperation(method: string, path: string): OperationEntry | undefined {
  const route = matchRoute(method, path);
  if (route.kind !== 'operation') return undefined;
  return operations.get(operationIdFor(route.index.name, route.method, route.id !== undefined));
}
