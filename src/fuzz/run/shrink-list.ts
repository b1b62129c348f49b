/** What a shrink candidate showed: the failure again (keep it), not (drop it), or nothing because the budget cut it short (stop). */
export type Shows = 'yes' | 'no' | 'cut-short';

/** The smallest list that still showed the failure, how many shrinks got there, and whether time ran out first. */
export type Shrunk<T> = { items: T[]; shrinks: number; cutShort: boolean };

/**
 * The fuzzer's one shrinker, for a sequence as for a group sent at once: drops chunks of `items` — halves, then quarters, down to single ones — keeping each
 * candidate that still `shows` the failure, until nothing more can go or `until` has come. Candidates are never empty.
 *
 * @example await shrinkList([a, b, c, d], async (c) => (c.includes(b) ? 'yes' : 'no'), Date.now() + 1000) // → { items: [b], shrinks: 2, … }
 */
export async function shrinkList<T>(items: readonly T[], shows: (candidate: T[]) => Promise<Shows>, until: number): Promise<Shrunk<T>> {
  let current = [...items];
  let shrinks = 0;
  for (let size = Math.ceil(current.length / 2); size >= 1; size = size === 1 ? 0 : Math.ceil(size / 2)) {
    for (let start = 0; start < current.length && current.length > 1; ) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      if (candidate.length === 0) {
        start += size;
        continue;
      }
      if (Date.now() >= until) return { items: current, shrinks, cutShort: true };
      const shown = await shows(candidate);
      if (shown === 'cut-short') return { items: current, shrinks, cutShort: true };
      if (shown === 'yes') {
        current = candidate;
        shrinks++;
      } else start += size;
    }
  }
  return { items: current, shrinks, cutShort: false };
}

/**
 * Shrinks the items that showed `failure` to the smallest that still shows it (the same signature), each candidate run up to `tries` times — a race does not
 * show every time — until `until`; with the failure as the smallest showed it.
 */
export async function shrinkFailure<T, F extends { signature: string }>(
  items: readonly T[],
  failure: F,
  run: (candidate: T[]) => Promise<{ cutShort: boolean; failures?: readonly F[] }>,
  until: number,
  tries = 1,
): Promise<Shrunk<T> & { smallest: F }> {
  let smallest = failure;
  const shrunk = await shrinkList(
    items,
    async (candidate) => {
      for (let attempt = 0; attempt < tries && Date.now() < until; attempt++) {
        const result = await run(candidate);
        const again = result.failures?.find((f) => f.signature === failure.signature);
        if (again) {
          smallest = again;
          return 'yes';
        }
        if (result.cutShort) return 'cut-short';
      }
      return Date.now() < until ? 'no' : 'cut-short';
    },
    until,
  );
  return { ...shrunk, smallest };
}
