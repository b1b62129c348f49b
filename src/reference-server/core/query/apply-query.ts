import type { StoredRecord } from '../json-record.js';
import { limitRecords } from './limit-records.js';
import { matchClause } from './match-clause.js';
import { orderRecords } from './order-records.js';
import type { ParsedQuery } from './parse-query.js';

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
