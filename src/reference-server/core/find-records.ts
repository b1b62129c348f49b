import type { IndexStore } from './index-store.js';
import type { StoredRecord } from './json-record.js';
import { matchWhere, type WhereEquals } from './match-where.js';

/**
 * The stored (frozen) records a read or delete acts on: the record of the path id, narrowed by
 * `where.equals`, or every record matching it, or every record. A path id and a where.equals on
 * `id` use the store's id index; any other target scans the index once, without copying.
 */
export function findRecords(store: IndexStore, id: string | undefined, equals: WhereEquals | undefined): Array<Readonly<StoredRecord>> {
  // Every stored record has its id as an own string field, so where.equals on `id` matches
  // exactly the record stored under that key (x-decisions where-equals).
  const key = id ?? (equals?.target === 'id' ? equals.expr : undefined);
  if (key !== undefined) {
    const record = store.peek(key);
    return record !== undefined && (equals === undefined || matchWhere(record, equals)) ? [record] : [];
  }
  if (equals === undefined) return [...store.values()];
  const found: Array<Readonly<StoredRecord>> = [];
  for (const record of store.values()) if (matchWhere(record, equals)) found.push(record);
  return found;
}
