import type { CreateCall, DeleteCall, ReadCall, ReadRecordsCall, UpdateCall } from './index-calls.js';
import type { ClientIndexKey } from './index-operations.js';
import type { CreateResult, DeleteResult, ReadRecordsResult, ReadResult, UpdateResult } from './index-results.js';

/**
 * The four operations of one index (§4.1). Each takes one object (`id` for the record path, then
 * `body` or `query`, and `headers`) and resolves to the result type of its name: narrow on `status`.
 */
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
