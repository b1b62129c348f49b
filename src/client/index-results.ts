import type { indexTable } from '../generated/index-table.js';
import type { components } from '../generated/openapi.js';
import type { ApiResult, OperationId, OperationResult } from './api-result.js';
import type { ClientIndexKey, indexOperations } from './index-operations.js';

type Ops<I extends ClientIndexKey> = (typeof indexOperations)[I];
type Method = 'create' | 'read' | 'update' | 'delete';

// A method's result joins its two operations' (with and without a path id): `operation` says which was called. With
// a status, each result type below is only that answer.
type MethodResult<I extends ClientIndexKey, M extends Method, S> = Extract<ApiResult<Ops<I>[M][number]>, { status: S }>;

/** Every status a method of an index documents, e.g. `StatusOf<'events', 'delete'>` is `205 | 400 | …`. */
export type StatusOf<I extends ClientIndexKey, M extends Method> = ApiResult<Ops<I>[M][number]>['status'];

/**
 * What `client[index].create(…)` resolves to.
 * @example function createdIds(result: CreateResult<'events', 201>) { return result.data?.map((item) => item.id); }
 */
export type CreateResult<I extends ClientIndexKey, S extends StatusOf<I, 'create'> = StatusOf<I, 'create'>> = MethodResult<I, 'create', S>;

/**
 * What a read with a query that may `select` resolves to: a 200 lists `EventSelection`s (…), the fields `select`
 * named. It takes the narrower {@link ReadRecordsResult} of a read without `select` too.
 * @example function linkNames(result: ReadResult<'networkLinkTypes', 200>) { return (result.data ?? []).map((row) => row.name ?? ''); }
 */
export type ReadResult<I extends ClientIndexKey, S extends StatusOf<I, 'read'> = StatusOf<I, 'read'>> = MethodResult<I, 'read', S>;

/** What `client[index].update(…)` resolves to. */
export type UpdateResult<I extends ClientIndexKey, S extends StatusOf<I, 'update'> = StatusOf<I, 'update'>> = MethodResult<I, 'update', S>;

/** What `client[index].delete(…)` resolves to (205: items say code 200). */
export type DeleteResult<I extends ClientIndexKey, S extends StatusOf<I, 'delete'> = StatusOf<I, 'delete'>> = MethodResult<I, 'delete', S>;

type IndexRow<I extends ClientIndexKey> = Extract<(typeof indexTable)[number], { clientKey: I }>;

/** The stored record of an index as the spec names it: `RecordOf<'events'>` is `Event` (`NetworkLinkType`, `Agent`). */
export type RecordOf<I extends ClientIndexKey> = components['schemas'][IndexRow<I>['schemas']['stored']];

// One read operation's answers, its 200 listing whole records of type T.
type WholeRecordsAnswer<O extends OperationId, T> = {
  [K in keyof Extract<OperationResult<O>, { status: 200 }>]: K extends 'data' ? T[] | undefined : Extract<OperationResult<O>, { status: 200 }>[K];
};

type WholeRecordsResult<O extends OperationId, T> = {
  [S in OperationResult<O>['status']]: S extends 200 ? WholeRecordsAnswer<O, T> : Extract<OperationResult<O>, { status: S }>;
}[OperationResult<O>['status']];

type ReadRecordsOf<I extends ClientIndexKey> = WholeRecordsResult<Ops<I>['read'][0], RecordOf<I>> | WholeRecordsResult<Ops<I>['read'][1], RecordOf<I>>;

/**
 * What a read without `select` (`read()`, `read({ id })`, `read({ query: { where } })`) resolves to: a 200 lists
 * whole records (§4.1: a where picks records, not fields), typed `Event[]`, `NetworkLinkType[]`, `Agent[]`.
 * @example
 * const links = await client.networkLinkTypes.read();
 * if (links.status === 200) { const all: NetworkLinkType[] = links.data ?? []; }
 */
export type ReadRecordsResult<I extends ClientIndexKey, S extends StatusOf<I, 'read'> = StatusOf<I, 'read'>> = Extract<ReadRecordsOf<I>, { status: S }>;
