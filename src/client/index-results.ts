import type { components } from '../generated/openapi.js';
import type { indexTable } from '../generated/index-table.js';
import type { ApiResult, OperationId, OperationResult } from './api-result.js';
import type { ClientIndexKey, indexOperations } from './index-operations.js';

type Ops<I extends ClientIndexKey> = (typeof indexOperations)[I];
type Method = 'create' | 'read' | 'update' | 'delete';

/**
 * What one method of one index resolves to: the {@link ApiResult} of both its operations (with and
 * without a path id), optionally narrowed to some statuses. `operation` says which was called.
 */
type MethodResult<I extends ClientIndexKey, M extends Method, S> = Extract<ApiResult<Ops<I>[M][number]>, { status: S }>;

/** Every status a method of an index documents, e.g. `StatusOf<'events', 'delete'>` is `205 | 400 | …`. */
export type StatusOf<I extends ClientIndexKey, M extends Method> = ApiResult<Ops<I>[M][number]>['status'];

/**
 * What `client[index].create(…)` resolves to; with a status, only that answer.
 * @example function createdIds(result: CreateResult<'events', 201>) { return result.data?.map((item) => item.id); }
 */
export type CreateResult<I extends ClientIndexKey, S extends StatusOf<I, 'create'> = StatusOf<I, 'create'>> = MethodResult<I, 'create', S>;

/**
 * What a read resolves to whatever its query, and what `client[index].read({ query: { select } })`
 * resolves to: a 200 lists `EventSelection`s (`NetworkLinkTypeSelection`, `AgentSelection`), the
 * fields `select` named of each record. A read without `select` resolves to the narrower
 * {@link ReadRecordsResult}, which this type takes too. With a status, only that answer.
 * @example function linkNames(result: ReadResult<'networkLinkTypes', 200>) { return (result.data ?? []).map((row) => row.name ?? ''); }
 */
export type ReadResult<I extends ClientIndexKey, S extends StatusOf<I, 'read'> = StatusOf<I, 'read'>> = MethodResult<I, 'read', S>;

/** What `client[index].update(…)` resolves to; with a status, only that answer. */
export type UpdateResult<I extends ClientIndexKey, S extends StatusOf<I, 'update'> = StatusOf<I, 'update'>> = MethodResult<I, 'update', S>;

/** What `client[index].delete(…)` resolves to; with a status, only that answer (205: items say code 200). */
export type DeleteResult<I extends ClientIndexKey, S extends StatusOf<I, 'delete'> = StatusOf<I, 'delete'>> = MethodResult<I, 'delete', S>;

type IndexRow<I extends ClientIndexKey> = Extract<(typeof indexTable)[number], { clientKey: I }>;

/** The stored record of an index as the spec names it: `RecordOf<'events'>` is `Event` (`NetworkLinkType`, `Agent`). */
export type RecordOf<I extends ClientIndexKey> = components['schemas'][IndexRow<I>['schemas']['stored']];

/** The 200 of a read operation with its list typed as whole records of type T. */
type WholeRecordsAnswer<O extends OperationId, T> = {
  [K in keyof Extract<OperationResult<O>, { status: 200 }>]: K extends 'data' ? T[] | undefined : Extract<OperationResult<O>, { status: 200 }>[K];
};

/** One read operation's answers, its 200 typed as whole records of type T and every other status as {@link OperationResult} has it. */
type WholeRecordsResult<O extends OperationId, T> = {
  [S in OperationResult<O>['status']]: S extends 200 ? WholeRecordsAnswer<O, T> : Extract<OperationResult<O>, { status: S }>;
}[OperationResult<O>['status']];

type ReadRecordsOf<I extends ClientIndexKey> = WholeRecordsResult<Ops<I>['read'][0], RecordOf<I>> | WholeRecordsResult<Ops<I>['read'][1], RecordOf<I>>;

/**
 * What `client[index].read()` resolves to without `select` — `read()`, `read({ id })`,
 * `read({ query: { where } })`: a 200 lists whole records (§4.1 read: "without a query, every
 * record"; a where picks records, not fields), typed `Event[]`, `NetworkLinkType[]`, `Agent[]`.
 * With a status, only that answer.
 * @example
 * const links = await client.networkLinkTypes.read();
 * if (links.status === 200) { const all: NetworkLinkType[] = links.data ?? []; }
 */
export type ReadRecordsResult<I extends ClientIndexKey, S extends StatusOf<I, 'read'> = StatusOf<I, 'read'>> = Extract<ReadRecordsOf<I>, { status: S }>;
