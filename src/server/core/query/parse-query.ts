import type { Clause } from './match-clause.js';
import { BODY_FIELD } from '../messages.js';
import { isJsonObject } from '../json-record.js';
import { problem, type Parsed } from './parse-problem.js';
import { parseWhere } from './parse-where.js';

/** One entry of a query's `order` (x-decisions query-language). */
export interface OrderBy {
  target: string;
  mode: 'asc' | 'desc';
}

/** A query's `limit`: inclusive indices into the ordered result (x-decisions query-language). */
export interface Limit {
  from?: number;
  to?: number;
}

/** A parsed read or delete query (§4.1 query body; order and limit: x-decisions query-language). */
export interface ParsedQuery {
  select?: string[];
  where?: Clause;
  order?: OrderBy[];
  limit?: Limit;
}

const FIELDS = ['select', 'where', 'order', 'limit'];

function parseSelect(value: unknown): Parsed<string[]> {
  if (!Array.isArray(value)) return problem('select', 'must be array');
  for (const [i, field] of value.entries()) {
    if (typeof field !== 'string') return problem(`select.${i}`, 'must be string');
    if (field === '') return problem(`select.${i}`, 'must not be empty');
  }
  return { ok: true, value: value as string[] };
}

function parseOrder(value: unknown): Parsed<OrderBy[]> {
  if (!Array.isArray(value)) return problem('order', 'must be a list of {target, mode}');
  const order: OrderBy[] = [];
  for (const [i, entry] of value.entries()) {
    const at = `order.${i}`;
    if (!isJsonObject(entry)) return problem(at, 'must be an object with target and mode');
    for (const key of Object.keys(entry)) if (key !== 'target' && key !== 'mode') return problem(`${at}.${key}`, 'not allowed');
    const { target, mode } = entry;
    if (typeof target !== 'string' || target === '') return problem(`${at}.target`, target === undefined ? 'required' : 'must be a non-empty string');
    if (mode !== 'asc' && mode !== 'desc') return problem(`${at}.mode`, mode === undefined ? 'required' : 'must be one of: asc, desc');
    order.push({ target, mode });
  }
  return { ok: true, value: order };
}

function isNonNegativeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function parseLimit(value: unknown): Parsed<Limit> {
  if (!isJsonObject(value)) return problem('limit', 'must be an object with from and to');
  const limit: Limit = {};
  for (const [key, bound] of Object.entries(value)) {
    if (key !== 'from' && key !== 'to') return problem(`limit.${key}`, 'not allowed');
    if (!isNonNegativeInteger(bound)) return problem(`limit.${key}`, 'must be a non-negative integer');
    limit[key] = bound;
  }
  // An absent bound is open: to defaults to no end, from to the first record.
  if ((limit.to ?? Infinity) < (limit.from ?? 0)) return problem('limit.to', 'must not be less than limit.from');
  return { ok: true, value: limit };
}

/**
 * Parses a read or delete query: `select` (field names), `where` ({@link parseWhere}), `order`
 * (a list of `{target, mode: "asc" | "desc"}`) and `limit` (`{from, to}`, inclusive indices
 * after ordering). Anything else, or a part of the wrong shape, is a problem naming the field.
 *
 * @example parseQuery({ where: { gt: { target: 'severity', expr: 2 } }, order: [{ target: 'id', mode: 'asc' }], limit: { to: 9 } })
 */
export function parseQuery(value: unknown): Parsed<ParsedQuery> {
  if (!isJsonObject(value)) return problem(BODY_FIELD, 'must be object');
  const query: ParsedQuery = {};
  for (const key of Object.keys(value)) if (!FIELDS.includes(key)) return problem(key, 'not allowed');
  const parts = [
    ['select', value['select'] === undefined ? undefined : parseSelect(value['select'])],
    ['where', value['where'] === undefined ? undefined : parseWhere(value['where'])],
    ['order', value['order'] === undefined ? undefined : parseOrder(value['order'])],
    ['limit', value['limit'] === undefined ? undefined : parseLimit(value['limit'])],
  ] as const;
  for (const [key, parsed] of parts) {
    if (parsed === undefined) continue;
    if (!parsed.ok) return parsed;
    Object.assign(query, { [key]: parsed.value });
  }
  return { ok: true, value: query };
}
