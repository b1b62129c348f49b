/** Something a scenario made and must remove afterwards: a record by id, or records by a marker field. */
export type CleanupEntry<I extends string = string> = { index: I; id: string } | { index: I; where: { target: string; expr: string } };

/**
 * What a scenario created, so the After hook can delete it pass or fail. Only ids under the
 * run prefix (or markers carrying it) are accepted: the suite must never remove a record it
 * did not create (real deployments hold real data).
 */
export class CleanupRegistry<I extends string = string> {
  readonly #entries: CleanupEntry<I>[] = [];
  readonly #keys = new Set<string>();

  constructor(readonly runPrefix: string) {}

  /**
   * Registers a record id; ignores repeats, and ids outside the run prefix unless the service
   * generated it for a record this run created (found by the run's marker).
   */
  addId(index: I, id: string, origin: 'chosen' | 'generated' = 'chosen'): void {
    if (origin === 'chosen' && !id.startsWith(this.runPrefix)) return;
    this.#add({ index, id }, `${index} id ${id}`);
  }

  /** Registers records found by `where.equals` on a marker field whose value carries the run prefix. */
  addMarker(index: I, target: string, expr: string): void {
    if (!expr.startsWith(this.runPrefix)) return;
    this.#add({ index, where: { target, expr } }, `${index} ${target}=${expr}`);
  }

  /** Takes every entry out, newest first (later records may refer to earlier ones). */
  drain(): CleanupEntry<I>[] {
    const entries = this.#entries.splice(0).reverse();
    this.#keys.clear();
    return entries;
  }

  /**
   * Takes every entry out, newest first, in waves: each wave is a run of consecutive entries of
   * one index, so its records may be removed at once. The references the description names run
   * between indices (a network link to its type, §1; readable ids so related records in other
   * indices are easy to find, §2 rule 3), so the waves keep the newest-first order wherever it
   * can matter: every record is removed before any record of another index made before it.
   */
  drainInWaves(): CleanupEntry<I>[][] {
    const waves: CleanupEntry<I>[][] = [];
    for (const entry of this.drain()) {
      const last = waves.at(-1);
      if (last !== undefined && last[0]?.index === entry.index) last.push(entry);
      else waves.push([entry]);
    }
    return waves;
  }

  /** Every entry so far, oldest first, without taking them out: what the scenario can see. */
  entries(): readonly CleanupEntry<I>[] {
    return [...this.#entries];
  }

  get size(): number {
    return this.#entries.length;
  }

  #add(entry: CleanupEntry<I>, key: string): void {
    if (this.#keys.has(key)) return;
    this.#keys.add(key);
    this.#entries.push(entry);
  }
}
