import type { components, operations } from '../generated/openapi.js';

/** An operationId of the spec, e.g. `createEvent`. */
export type OperationId = keyof operations;

type ResponsesOf<O extends OperationId> = operations[O]['responses'];
type JsonBodyOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/**
 * Statuses whose body HTTP or the seed leaves optional: 304 and 205 bodies are dropped by HTTP
 * stacks (fetch, node on 304), and the envelope content of 400/401/404/413/415/422/500 is not
 * shown by the seed, so other implementations may send none.
 */
type MaybeBodiless = 205 | 304 | 400 | 401 | 404 | 413 | 415 | 422 | 500;

/**
 * What every client call resolves to for a documented status: the status, the parsed JSON body
 * typed for that status, the response headers and the raw body text. Narrow on `status`:
 *
 * @example
 * const result = await client.networkLinkTypes.read({ id: 'p2p' });
 * if (result.status === 200) result.data[0]?.name; // NetworkLinkTypeSelection[]
 */
export type ApiResult<O extends OperationId> = O extends OperationId ? ResultOf<O> : never;

type ResultOf<O extends OperationId> = {
  [S in keyof ResponsesOf<O> & number]: {
    operation: O;
    status: S;
    data: S extends MaybeBodiless ? JsonBodyOf<ResponsesOf<O>[S]> | undefined : JsonBodyOf<ResponsesOf<O>[S]>;
    headers: Record<string, string>;
    /** The body as received ("" when there was none), for checks the parsed value cannot show. */
    rawBody: string;
  };
}[keyof ResponsesOf<O> & number];

/** The JSON request body an operation takes. */
export type RequestBodyOf<O extends OperationId> = NonNullable<operations[O]['requestBody']> extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** The read/delete query body (seed §4.1): `select` and `where.equals`. */
export type Query = components['schemas']['Query'];
/** One item of the response envelope (seed §4.1). */
export type EnvelopeItem = components['schemas']['EnvelopeItem'];
/** The response envelope: an array of items. */
export type Envelope = components['schemas']['Envelope'];

/** Thrown when the server answers a status the spec does not document for the operation. */
export class UnexpectedStatusError extends Error {
  override readonly name = 'UnexpectedStatusError';
  constructor(
    readonly operation: OperationId,
    readonly status: number,
    readonly rawBody: string,
    readonly headers: Record<string, string>,
  ) {
    super(`${operation}: the server answered ${status}, which the spec does not document for this operation`);
  }
}

/** Thrown when no HTTP response arrived (connection refused, reset, timeout, DNS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly operation: OperationId,
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(`${operation}: no response from the server (${code ?? 'network error'})`, options);
  }
}
