import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The records of one index, in insertion order (an update keeps a record's place). Records go
 * in and come out as deep copies, so no caller shares an object with the store.
 */
export class IndexStore {
  readonly #records = new Map<string, StoredRecord>();

  /** Number of records. */
  get size(): number {
    return this.#records.size;
  }

  /** True when a record has this id. */
  has(id: string): boolean {
    return this.#records.has(id);
  }

  /** A copy of the record with this id, or undefined. */
  get(id: string): StoredRecord | undefined {
    const record = this.#records.get(id);
    return record === undefined ? undefined : cloneJson(record);
  }

  /** Copies of every record, in insertion order. */
  list(): StoredRecord[] {
    return [...this.#records.values()].map((r) => cloneJson(r));
  }

  /** Stores a copy of the record under its id (insert, or replace in place). */
  put(record: StoredRecord): void {
    this.#records.set(record.id, cloneJson(record));
  }

  /** Removes the record with this id; true when there was one. */
  delete(id: string): boolean {
    return this.#records.delete(id);
  }

  /** Removes every record. */
  clear(): void {
    this.#records.clear();
  }
}
