import type { ApiResult } from './api-result.js';
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
 * What `client[index].read(…)` resolves to; with a status, only that answer.
 * @example const result: ReadResult<'networkLinkTypes'> = await client.networkLinkTypes.read();
 */
export type ReadResult<I extends ClientIndexKey, S extends StatusOf<I, 'read'> = StatusOf<I, 'read'>> = MethodResult<I, 'read', S>;

/** What `client[index].update(…)` resolves to; with a status, only that answer. */
export type UpdateResult<I extends ClientIndexKey, S extends StatusOf<I, 'update'> = StatusOf<I, 'update'>> = MethodResult<I, 'update', S>;

/** What `client[index].delete(…)` resolves to; with a status, only that answer (205: items say code 200). */
export type DeleteResult<I extends ClientIndexKey, S extends StatusOf<I, 'delete'> = StatusOf<I, 'delete'>> = MethodResult<I, 'delete', S>;
