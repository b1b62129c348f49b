import { isObject } from '../../contract/spec/flaw-sites.js';
import { KIT_WHERE_READING, WHERE_READINGS, whereEquals, type WhereReading } from '../../contract/faithful-answers.js';
import { readTarget, type CoreRequest, type StoredRecord } from '../../server/core/index.js';
import type { OpenAlternative } from './open-alternatives.js';
import { jsonBodyOf } from '../generate/wire-request.js';

/** The query language holds at most 64 clauses: an `or` of more ids is not rewritten (the reading is then not tried). */
const MAX_IDS = 63;

/** The `where.equals` of a read or delete body when it is exactly one well-formed equals; else undefined. */
function plainEquals(request: CoreRequest): { query: Record<string, unknown>; target: string; expr: string } | undefined {
  if ((request.method !== 'GET' && request.method !== 'DELETE') || !request.body) return undefined;
  const query = jsonBodyOf(request.body);
  if (!isObject(query) || !isObject(query['where'])) return undefined;
  const where = query['where'];
  const equals = where['equals'];
  if (Object.keys(where).length !== 1 || !isObject(equals) || Object.keys(equals).length !== 2) return undefined;
  const { target, expr } = equals;
  return typeof target === 'string' && typeof expr === 'string' ? { query, target, expr } : undefined;
}

const describeReading = (reading: WhereReading) =>
  `where.equals read with numbers ${reading.number === 'never' ? 'never matching' : `by ${reading.number === 'value' ? 'value' : 'JSON text'}`}, booleans ${reading.boolean === 'never' ? 'never matching' : 'by JSON text'}, lists ${reading.list === 'never' ? 'never matching' : 'matching any element'}`;

/**
 * where-on-list, where-on-non-string: for a read or delete with `where.equals`, the model requests that answer as each other faithful reading would, on the
 * records the model holds: the same query with its where replaced by the ids that reading matches. Only readings that match other records come back.
 */
export function whereReadingAlternatives(request: CoreRequest, records: readonly StoredRecord[], noSuchId: string): OpenAlternative[] {
  const equals = plainEquals(request);
  if (!equals) return [];
  const idsUnder = (reading: WhereReading) => records.filter((r) => whereEquals(readTarget(r, equals.target), equals.expr, reading)).map((r) => r.id);
  const seen = new Set([JSON.stringify(idsUnder(KIT_WHERE_READING))]);
  const alternatives: OpenAlternative[] = [];
  for (const reading of WHERE_READINGS) {
    const ids = idsUnder(reading);
    const key = JSON.stringify(ids);
    if (seen.has(key) || ids.length > MAX_IDS) continue;
    seen.add(key);
    const byId = (id: string) => ({ equals: { target: 'id', expr: id } });
    const where = ids.length === 0 ? byId(noSuchId) : ids.length === 1 ? byId(ids[0]!) : { or: ids.map(byId) };
    alternatives.push({ why: describeReading(reading), request: { ...request, body: JSON.stringify({ ...equals.query, where }) } });
  }
  return alternatives;
}
