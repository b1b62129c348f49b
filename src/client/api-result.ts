import type { operations } from '../generated/openapi.js';

/** An operationId of the spec, e.g. `createEvent`. */
export type OperationId = keyof operations;

type ResponsesOf<O extends OperationId> = operations[O]['responses'];
type JsonBodyOf<R> = R extends { content: { 'application/json': infer B } } ? OneArray<B> : undefined;

// An array body as one array of the merged item type: the generated type of a narrowed envelope (`DeletedEnvelope`,
// allOf items with code 200) intersects two array types, on which `data[0].code` is `200` but
// `data.map((item) => item.code)` sees only the first array's `number`; merged, hovers show the fields too.
type OneArray<B> = [B] extends [readonly unknown[]] ? Array<Merged<B[number]>> : B;
type Merged<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

/**
 * What a call resolves to for a documented status: narrow on `status`. `data` may be undefined for every status: a
 * deployment may send no body or not JSON (HTTP stacks drop 205 and 304 bodies, §7 shows no envelope for most errors),
 * and typed as always there, `tsc` would accept code that throws on a bodiless 201. `rawBody` keeps what came.
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
export type RequestBodyOf<O extends OperationId> = NonNullable<operations[O]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;

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
