import type { RequestBodyOf } from './api-result.js';
import type { ClientIndexKey, indexOperations } from './index-operations.js';
import type { CreateResult, DeleteResult, ReadRecordsResult, ReadResult, UpdateResult } from './index-results.js';
import type { Query } from './record-types.js';

/** Where a read or delete query travels: `body` (JSON body), `url` (`?q=`, extension) or `auto`. */
export type QueryPlacement = 'auto' | 'body' | 'url';

type Ops<I extends ClientIndexKey> = (typeof indexOperations)[I];
/** One record of a body that is one record or a batch (a list of them, extension). */
type OneRecordOf<B> = Exclude<B, readonly unknown[]>;
type CreateRecord<I extends ClientIndexKey> = OneRecordOf<RequestBodyOf<Ops<I>['create'][number]>>;
type UpdateRecord<I extends ClientIndexKey> = OneRecordOf<RequestBodyOf<Ops<I>['update'][1]>>;
type TargetNamingRecord<I extends ClientIndexKey> = OneRecordOf<RequestBodyOf<Ops<I>['update'][0]>>;

// Mapped ({ [K in keyof R]: R[K] }, the same type) so that tsc names them in a message ("Property 'id' is missing …
// but required in type 'RecordNamingItsTarget<"events">'") rather than the generator's WithRequired<…> helper.
export type RecordToCreate<I extends ClientIndexKey> = { [K in keyof CreateRecord<I>]: CreateRecord<I>[K] };
/** One record or a batch (extension), with or without a path id. */
export type CreateBody<I extends ClientIndexKey> = RecordToCreate<I> | RecordToCreate<I>[];
export type RecordChange<I extends ClientIndexKey> = { [K in keyof UpdateRecord<I>]: UpdateRecord<I>[K] };
/** What `PUT {base}/{id}` sends: the path names the record, so its `id` may be left out. */
export type UpdateBody<I extends ClientIndexKey> = RecordChange<I> | RecordChange<I>[];
export type RecordNamingItsTarget<I extends ClientIndexKey> = { [K in keyof TargetNamingRecord<I>]: TargetNamingRecord<I>[K] };
/** What `PUT {base}` sends: only each record's own `id` names its target. */
export type UpdateNamedInBody<I extends ClientIndexKey> = RecordNamingItsTarget<I> | RecordNamingItsTarget<I>[];

/**
 * What every call takes, in one object, so that no argument's meaning depends on its position: `create({ id, body })`,
 * `read({ id, query })`, `update({ id, body })`, `delete({ id, query })`; `headers` override the client's own.
 */
export interface CallOptions {
  /** The record id of the path: `{base}/{id}` (percent-encoded into one segment). Omit for `{base}`. */
  id?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** `create`: the records to store, at `{base}` or, with `id`, at `{base}/{id}`. */
export interface CreateCall<I extends ClientIndexKey> extends CallOptions {
  body: CreateBody<I>;
}

/** A call that sends a query of type Q (§4.1): as a JSON body, or as `?q=` (see `queryIn`). */
export interface CallWithQuery<Q> extends CallOptions {
  query?: Q | undefined;
  /** Where the query goes for this call; overrides `ClientOptions.queryIn`. */
  queryIn?: QueryPlacement | undefined;
}

// The query calls below exist so that tsc names the method's own argument in a message ("'where' does not exist in
// type 'DeleteCall'"); each declares `query` again, as tsc names an interface that adds no member by its base.

/** `read` or `delete` with any query. */
export interface QueryCall extends CallWithQuery<Query> {
  query?: Query | undefined;
}

/** `read`: every record, the one `id` names, or those the query selects. */
export interface ReadCall extends QueryCall {
  query?: Query | undefined;
}

/** A read's query without `select` (a where, and the extensions' order and limit): every field of each record comes back. */
export interface WholeRecordsQuery extends DeleteQuery {
  select?: never;
}

/** A `read` whose type shows it has no `select`, so it resolves to whole records; a `Query` may hold one (`ReadCall`). */
export interface ReadRecordsCall extends CallWithQuery<WholeRecordsQuery> {
  query?: WholeRecordsQuery | undefined;
}

/** A delete's query: the spec's Query says "Delete ignores select", so a select there is a mistake the types refuse. */
export interface DeleteQuery {
  where?: Query['where'];
  order?: Query['order'];
  limit?: Query['limit'];
}
// An interface so that tsc names it in a message, where Omit<Query, 'select'> would print the whole expanded Query;
// the check keeps it the spec's Query without select: a field the spec adds fails to compile here.
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type MustHold<T extends true> = T;
export type DeleteQueryIsQueryWithoutSelect = MustHold<
  MutuallyAssignable<DeleteQuery, Omit<Query, 'select'>> & MutuallyAssignable<keyof DeleteQuery, Exclude<keyof Query, 'select'>>
>;

/** `delete`: without `id` and `where` every record of the index goes (§4.1 rule 1). */
export interface DeleteCall extends CallWithQuery<DeleteQuery> {
  query?: DeleteQuery | undefined;
}

/** `update` of the record the path names: `PUT {base}/{id}`; the body may leave the id out. */
export interface UpdateByPathIdCall<I extends ClientIndexKey> extends CallOptions {
  id: string;
  body?: UpdateBody<I> | undefined;
}

/** `update` without a path id: `PUT {base}`, so every record in the body must carry its `id`. */
export interface UpdateByBodyIdCall<I extends ClientIndexKey> extends CallOptions {
  /** No path id here: the body's ids name the targets. Set `id` to update at `{base}/{id}`. */
  id?: undefined;
  body: UpdateNamedInBody<I>;
}

/** `update`: the target is named by the path `id`, or else by the id of each record in the body. */
export type UpdateCall<I extends ClientIndexKey> = UpdateByPathIdCall<I> | UpdateByBodyIdCall<I>;

/** The four operations of one index (§4.1), each resolving to the result type of its name: narrow on `status`. */
export interface IndexClient<I extends ClientIndexKey> {
  /** POST {base}[/{id}]: 201 envelope, 406 duplicate or missing field, … */
  create(call: CreateCall<I>): Promise<CreateResult<I>>;
  /** GET {base}[/{id}] without `select`: 200 with whole records (`Event[]`, …), 404 nothing found, … */
  read(call?: ReadRecordsCall): Promise<ReadRecordsResult<I>>;
  /** GET {base}[/{id}] with a query that may `select`: 200 with the selected fields of each record, 404 nothing found, … */
  read(call: ReadCall): Promise<ReadResult<I>>;
  /** PUT {base}/{id} (the path names the target) or PUT {base} (each body record's id does): 200, 304 nothing changed, 406, … */
  update(call: UpdateCall<I>): Promise<UpdateResult<I>>;
  /** DELETE {base}[/{id}] with an optional where query; without either every record goes (§4.1 rule 1). */
  delete(call?: DeleteCall): Promise<DeleteResult<I>>;
}

/** The typed client: one {@link IndexClient} per index. */
export type KitClient = { [I in ClientIndexKey]: IndexClient<I> };
