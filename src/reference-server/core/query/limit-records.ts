/** A query's `limit`: inclusive indices into the ordered result (x-decisions query-language). */
export interface Limit {
  from?: number;
  to?: number;
}

/**
 * The records from index `from` (default 0) to index `to` (default the last), both included, as
 * the original service slices its search (`[from : to + 1]`).
 *
 * @example limitRecords(['a', 'b', 'c', 'd'], { from: 1, to: 2 }) // → ['b', 'c']
 */
export function limitRecords<R>(records: readonly R[], limit: Limit): R[] {
  const from = limit.from ?? 0;
  return limit.to === undefined ? records.slice(from) : records.slice(from, limit.to + 1);
}
