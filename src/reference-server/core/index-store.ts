import { deepFreeze } from './freeze-json.js';
import { cloneJson, type StoredRecord } from './json-record.js';

/**
 * The records of one index, in insertion order (an update keeps a record's place), keyed by id
 * (the id index: a path id or a where.equals on `id` is a lookup, not a scan).
 *
 * Stored records are deep-frozen and never change: an update stores a new record. So the core
 * reads them without copying ({@link peek}, {@link values}; a response may carry them as they
 * are), while {@link get} and {@link list} still hand out mutable copies for other callers.
 * Nothing a caller keeps can change the store, and nothing the store keeps can change under a
 * caller.
 */
export class IndexStore {
  readonly #records = new Map<string, StoredRecord>();
  #revision = 0;

  /**
   * Counts the changes made so far (each put, adopt, effective delete and clear): two readings
   * that differ mean the records changed in between, without comparing them.
   */
  // Stryker disable next-line BlockStatement: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
  get revision(): number {
    return this.#revision;
  }

  /** Number of records. */
  // Stryker disable next-line BlockStatement: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
  get size(): number {
    return this.#records.size;
  }

  /** True when a record has this id. */
  has(id: string): boolean {
    return this.#records.has(id);
  }

  /** A mutable copy of the record with this id, or undefined. */
  // Stryker disable next-line BlockStatement: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
  get(id: string): StoredRecord | undefined {
    const record = this.#records.get(id);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
    return record === undefined ? undefined : cloneJson(record);
  }

  /** Mutable copies of every record, in insertion order. */
  // Stryker disable next-line BlockStatement: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
  list(): StoredRecord[] {
    // Stryker disable next-line ArrayDeclaration,ArrowFunction: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
    return [...this.#records.values()].map((r) => cloneJson(r));
  }

  /** The stored record with this id itself: deep-frozen, no copy. */
  peek(id: string): Readonly<StoredRecord> | undefined {
    return this.#records.get(id);
  }

  /** The stored records themselves, deep-frozen, in insertion order (no copies). */
  values(): IterableIterator<Readonly<StoredRecord>> {
    return this.#records.values();
  }

  /** Stores a frozen copy of the record under its id (insert, or replace in place). */
  put(record: StoredRecord): void {
    // Stryker disable next-line AssignmentOperator: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
    this.#revision += 1;
    this.#records.set(record.id, deepFreeze(cloneJson(record)));
  }

  /**
   * Stores the record itself, frozen in place (insert, or replace in place): for a record nobody
   * else holds a mutable reference to — a merge result, or a record frozen before — so no copy is made.
   */
  adopt(record: StoredRecord): void {
    // Stryker disable next-line AssignmentOperator: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
    this.#revision += 1;
    this.#records.set(record.id, deepFreeze(record));
  }

  /** Removes the record with this id; true when there was one. */
  delete(id: string): boolean {
    const deleted = this.#records.delete(id);
    // Stryker disable next-line AssignmentOperator,ConditionalExpression: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
    if (deleted) this.#revision += 1;
    return deleted;
  }

  /** Removes every record. */
  // Stryker disable next-line BlockStatement: kit-only: size, get, list and clear serve the admin state, seed files and unit tests (features/SURVIVORS.md)
  clear(): void {
    // Stryker disable next-line AssignmentOperator: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
    this.#revision += 1;
    this.#records.clear();
  }
}
