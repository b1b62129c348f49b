import type { components, operations } from '../generated/openapi.js';

/** An operationId of the spec, e.g. `createEvent`. */
export type OperationId = keyof operations;

type ResponsesOf<O extends OperationId> = operations[O]['responses'];
type JsonBodyOf<R> = R extends { content: { 'application/json': infer B } } ? OneArray<B> : undefined;

/**
 * An array body as one plain array. The generated type of a narrowed envelope (`DeletedEnvelope`:
 * the Envelope, allOf items with code 200) is an intersection of two array types, on which
 * `data[0].code` is `200` but `data.map((item) => item.code)` sees only the first array's `number`;
 * one array of the merged item type gives the literal everywhere, and shows its fields in hovers.
 */
type OneArray<B> = [B] extends [readonly unknown[]] ? Array<Merged<B[number]>> : B;
type Merged<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

/**
 * What every client call resolves to for a documented status: the status, the parsed JSON body
 * typed for that status, the response headers and the raw body text. Narrow on `status`.
 *
 * `data` is `Body | undefined` for every status, because the client parses what arrived and a
 * deployment may send nothing (or something that is not JSON): HTTP stacks drop 205 and 304
 * bodies (fetch, node on 304), the description (§7) does not show the envelope of 400/401/404/415/422/500,
 * and the client does not check a body's presence or shape — `rawBody` keeps what came, and
 * `createSpecValidator().checkResponse` checks the shape. Typing `data` as always present would
 * let `tsc` accept code that throws on a bodiless 201, and the client must never throw for a
 * documented status.
 *
 * @example
 * const result = await client.networkLinkTypes.read({ id: 'p2p' });
 * if (result.status === 200) result.data?.[0]?.name; // data: NetworkLinkType[] | undefined (no select: whole records)
 */
export type ApiResult<O extends OperationId> = O extends OperationId ? OperationResult<O> : never;

/** The result of one operation, one member per documented status; {@link ApiResult} joins several. */
export type OperationResult<O extends OperationId> = {
  [S in keyof ResponsesOf<O> & number]: {
    operation: O;
    status: S;
    /** The parsed JSON body; `undefined` when none arrived or it was not JSON (see {@link ApiResult}). */
    data: JsonBodyOf<ResponsesOf<O>[S]> | undefined;
    headers: Record<string, string>;
    /** The body as received ("" when there was none), for checks the parsed value cannot show. */
    rawBody: string;
  };
}[keyof ResponsesOf<O> & number];

/** The JSON request body an operation takes. */
export type RequestBodyOf<O extends OperationId> =
  NonNullable<operations[O]['requestBody']> extends {
    content: { 'application/json': infer B };
  }
    ? B
    : never;

/** The read/delete query body (§4.1): `select` and `where.equals`. */
export type Query = components['schemas']['Query'];
/** One item of the response envelope (§4.1). */
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
