import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { envelopeItem, errorResponse, jsonResponse, reasonPhrase } from '../core/envelope.js';
import { operationIdFor } from '../core/index-definitions.js';
import { requestNotValid } from '../core/messages.js';
import { matchRoute } from '../core/route.js';
import { listOperations, loadOpenApiDocument, type OperationEntry } from '../../contract/spec/openapi-document.js';
import { resolveResponse } from '../../contract/spec/resolve-response.js';
import { MAX_DELAY_MS, parseDuration } from './parse-duration.js';

/**
 * What a fault (the `x-mgmt-kit-status` header, a fault rule's `status`) asks of one request
 * instead of the core's answer. The mock controls say what each kind does in one switch ending in
 * {@link unhandledFault}, so a new kind does not compile until it is handled there.
 */
export type Fault =
  /** Answer this status: the spec-shaped answer of the operation, or a gateway's. */
  | { kind: 'status'; status: number }
  /** Cut the connection (node:http destroys the socket, msw answers `HttpResponse.error()`). */
  | { kind: 'drop' }
  /** Never answer: the client's own time-out decides, as behind a gateway that hangs. */
  | { kind: 'timeout' };

/** The faults that are not a status, as they are written: `drop`, `timeout`. */
export type ConnectionFault = Exclude<Fault['kind'], 'status'>;

/** What each {@link ConnectionFault} does; a record, so a new kind must be described here. */
const CONNECTION_FAULT_EFFECTS: Readonly<Record<ConnectionFault, string>> = { drop: 'cut the connection', timeout: 'never answer' };

/** Every {@link ConnectionFault}, for messages and parsing. */
export const CONNECTION_FAULTS = Object.keys(CONNECTION_FAULT_EFFECTS) as readonly ConnectionFault[];

/** A fault as it is written in a header, a rule, the journal and the lists: `503`, `drop` or `timeout`. */
export type InjectedStatus = number | ConnectionFault;

/** The end of an exhaustive switch on {@link Fault}: the compiler refuses it while a kind is not handled. */
export function unhandledFault(fault: never): never {
  throw new Error(`unhandled fault ${JSON.stringify(fault)}`);
}

/** Reads `503`, `drop` or `timeout` (a header value or a rule's field); undefined when it is none of them. */
export function readFault(value: unknown): Fault | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: 'status', status: value } : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  const connection = CONNECTION_FAULTS.find((kind) => kind === text);
  if (connection !== undefined) return { kind: connection };
  return /^\d{3}$/.test(text) ? { kind: 'status', status: Number(text) } : undefined;
}

/** How a fault is written (see {@link InjectedStatus}): a connection fault by its kind. */
export function spellFault(fault: Fault): InjectedStatus {
  return fault.kind === 'status' ? fault.status : fault.kind;
}

/*
 * The request headers that inject a fault when the server runs with `--admin` (the msw handlers
 * with `admin: true`). Named once: the fault reader, the CORS preflight and the docs use them.
 */

/** `x-mgmt-kit-status: 500` answers that documented status with the envelope instead of acting. */
export const FAULT_STATUS_HEADER = 'x-mgmt-kit-status';

/** `x-mgmt-kit-delay: 2s` delays this one answer (it replaces `--delay` for it). */
export const FAULT_DELAY_HEADER = 'x-mgmt-kit-delay';

/** The header every injected answer carries, naming what injected it (`x-mgmt-kit-status` or `rule f1`). */
export const INJECTED_HEADER = 'x-mgmt-kit-injected';

/** The message of an injected answer: says where it came from (the header, or `rule f1`), so nobody mistakes it for a real outcome. */
export function injectedMessage(status: number, source: string = FAULT_STATUS_HEADER): string {
  return `Answer ${status} injected by ${source}; the request was not acted on`;
}

/**
 * Statuses the spec documents for no operation but that a gateway in front of the real service
 * sends, and that an app's retry logic must survive. Answered with an envelope of the usual
 * shape, marked injected; 429 and 503 say when to come back (`Retry-After`, 1 second).
 */
export const GATEWAY_STATUSES: Readonly<Record<number, string>> = {
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * An answer of the mock controls: the core's, or one a fault injected, carrying that fault. For a
 * `drop` the adapters cut the connection (node:http destroys the socket, msw answers
 * `HttpResponse.error()`); an adapter that does not know the mark still sends a plain, marked 502,
 * so nothing reads it as a real outcome.
 */
export type MockResponse = CoreResponse & { fault?: Fault };

/** Every status some operation of the spec documents. */
export const DOCUMENTED_STATUSES: readonly number[] = [...new Set(listOperations().flatMap((op) => op.statuses))].sort((a, b) => a - b);

/** True for a fault that may be asked on this operation (undefined: any operation): a connection fault or a gateway status always. */
export function isInjectable(fault: Fault, operation?: OperationEntry): boolean {
  if (fault.kind !== 'status' || GATEWAY_STATUSES[fault.status] !== undefined) return true;
  return (operation?.statuses ?? DOCUMENTED_STATUSES).includes(fault.status);
}

function gatewayResponse(status: number, source: string, message = injectedMessage(status, source)): CoreResponse {
  const retry = status === 429 || status === 503 ? { 'retry-after': '1' } : {};
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
  if (fault.kind === 'drop') return { ...gatewayResponse(502, source, `Connection dropped by ${source}`), fault };
  if (!operation?.statuses.includes(fault.status)) return { ...gatewayResponse(fault.status, source), fault };
  const answer = injectedResponse(operation, fault.status, source);
  return { ...answer, headers: { ...answer.headers, [INJECTED_HEADER]: source }, fault };
}

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
  const fault: FaultRequest = {};
  const status = request.headers[FAULT_STATUS_HEADER];
  const operation = status === undefined ? undefined : findOperation(request.method, request.path);
  if (status !== undefined && operation !== undefined) {
    const asked = readFault(status);
    if (asked === undefined || !isInjectable(asked, operation)) {
      return { error: errorResponse(400, undocumentedStatus(status.trim(), operation.operationId, operation.statuses)) };
    }
    fault.fault = asked;
  }
  const delay = request.headers[FAULT_DELAY_HEADER];
  if (delay !== undefined) {
    const parsed = parseDuration(delay, { max: MAX_DELAY_MS });
    if (!parsed.ok) return { error: errorResponse(400, requestNotValid(`${FAULT_DELAY_HEADER}: ${parsed.error}`)) };
    fault.delayMs = parsed.ms;
  }
  return fault;
}
