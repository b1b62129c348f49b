import type { JsonObject, StoredRecord } from '../json-record.js';
import { readTarget } from '../match-where.js';
import { matchClause } from './match-clause.js';
import type { Limit, OrderBy, ParsedQuery } from './parse-query.js';

/**
 * The records a query picks, in the order it asks for: filtered by `where`, sorted by `order`,
 * then cut to `limit` (indices count after ordering). `select` is applied by the read alone.
 */
export function applyQuery(records: readonly StoredRecord[], query: ParsedQuery): StoredRecord[] {
  let picked = query.where ? records.filter((r) => matchClause(r, query.where!)) : [...records];
  if (query.order) picked = orderRecords(picked, query.order);
  if (query.limit) picked = limitRecords(picked, query.limit);
  return picked;
}

/** Numbers before strings before booleans; anything else (absent, null, objects, lists) is not sortable. */
function rankOf(value: unknown): number | undefined {
  if (typeof value === 'number') return 0;
  if (typeof value === 'string') return 1;
  if (typeof value === 'boolean') return 2;
  return undefined;
}

function compareValues(a: unknown, b: unknown, mode: OrderBy['mode']): number {
  const rankA = rankOf(a);
  const rankB = rankOf(b);
  // A record without a sortable value goes last in both modes (Elasticsearch's `missing: _last`).
  if (rankA === undefined || rankB === undefined) return rankA === rankB ? 0 : rankA === undefined ? 1 : -1;
  const x = a as number | string | boolean;
  const y = b as number | string | boolean;
  const order = rankA !== rankB ? rankA - rankB : x < y ? -1 : x === y ? 0 : 1;
  return mode === 'asc' ? order : -order;
}

/**
 * The records sorted by each `order` entry in turn (later entries break ties of earlier ones);
 * records equal on every entry keep their stored order. Numbers compare as numbers, strings by
 * UTF-16 code units (not by locale), a dotted target descends into nested objects.
 *
 * @example orderRecords(records, [{ target: 'severity', mode: 'asc' }, { target: 'id', mode: 'desc' }])
 */
function orderRecords<R extends JsonObject>(records: readonly R[], order: readonly OrderBy[]): R[] {
  const keyed = records.map((record, position) => ({ record, position, keys: order.map((o) => readTarget(record, o.target)) }));
  keyed.sort((x, y) => {
    for (const [i, entry] of order.entries()) {
      const c = compareValues(x.keys[i], y.keys[i], entry.mode);
      if (c !== 0) return c;
    }
    // Stryker disable next-line ArithmeticOperator: open (extension): the order of records tied on every order entry is not fixed (docs/mutation/SURVIVORS.md)
    return x.position - y.position;
  });
  return keyed.map((k) => k.record);
}

/**
 * The records from index `from` (default 0) to index `to` (default the last), both included, as
 * the original service slices its search (`[from : to + 1]`).
 *
 * @example limitRecords(['a', 'b', 'c', 'd'], { from: 1, to: 2 }) // → ['b', 'c']
 */
function limitRecords<R>(records: readonly R[], limit: Limit): R[] {
  const from = limit.from ?? 0;
  return limit.to === undefined ? records.slice(from) : records.slice(from, limit.to + 1);
}
