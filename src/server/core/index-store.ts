import { FrozenRecords } from './frozen-records.js';
import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The records of one index: what the core uses ({@link FrozenRecords}) plus mutable copies,
 * counts and a revision for every caller outside it — the admin state, seed loading, change
 * notifications, the fuzzer's model and the tests. The core answers no request with these, so
 * this file is not mutated (stryker.config.json, docs/mutation/README.md); its unit tests cover it.
 */
export class IndexStore extends FrozenRecords {
  #revision = 0;

  /**
   * Counts the changes made so far (each put, adopt, effective delete and clear): two readings
   * that differ mean the records changed in between, without comparing them.
   */
  get revision(): number {
    return this.#revision;
  }

  get size(): number {
    return this.records.size;
  }

  /** A mutable copy of the record with this id, or undefined. */
  get(id: string): StoredRecord | undefined {
    const record = this.records.get(id);
    return record === undefined ? undefined : cloneJson(record);
  }

  /** Mutable copies of every record, in insertion order. */
  list(): StoredRecord[] {
    return [...this.records.values()].map((r) => cloneJson(r));
  }

  protected override changed(): void {
    this.#revision += 1;
  }

  /** Removes every record: a reset, or a new admin state, starts from an empty store. */
  clear(): void {
    this.records.clear();
    this.changed();
  }
}
