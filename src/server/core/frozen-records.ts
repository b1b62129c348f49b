import { deepFreeze } from './freeze-json.js';
import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The records of one index as the core reads and writes them, in insertion order (an update
 * keeps a record's place), keyed by id (the id index: a path id or a where.equals on `id` is a
 * lookup, not a scan).
 *
 * Stored records are deep-frozen and never change: an update stores a new record. So the core
 * reads them without copying ({@link peek}, {@link values}; a response may carry them as they
 * are). Nothing a caller keeps can change the store, and nothing the store keeps can change under
 * a caller. `IndexStore` (./index-store.ts) adds the copies and counts that callers outside the
 * core use.
 */
export class FrozenRecords {
  protected readonly records = new Map<string, StoredRecord>();

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** The stored record with this id itself: deep-frozen, no copy. */
  peek(id: string): Readonly<StoredRecord> | undefined {
    return this.records.get(id);
  }

  /** The stored records themselves, deep-frozen, in insertion order (no copies). */
  values(): IterableIterator<Readonly<StoredRecord>> {
    return this.records.values();
  }

  /** Stores a frozen copy of the record under its id (insert, or replace in place). */
  put(record: StoredRecord): void {
    this.adopt(cloneJson(record));
  }

  /**
   * Stores the record itself, frozen in place (insert, or replace in place): for a record nobody
   * else holds a mutable reference to — a merge result, or a record frozen before — so no copy is made.
   */
  adopt(record: StoredRecord): void {
    // Freezing only guards against a later write; nothing in the core writes to a stored record.
    deepFreeze(record);
    this.records.set(record.id, record);
    this.changed();
  }

  /** Removes the record with this id; true when there was one. */
  delete(id: string): boolean {
    const deleted = this.records.delete(id);
    if (deleted) this.changed();
    return deleted;
  }

  /** Called after every change; `IndexStore` counts them for change notifications, the core needs none. */
  protected changed(): void {}
}
