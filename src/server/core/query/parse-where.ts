import { compileRegExp, compileWildcard } from './compile-pattern.js';
import type { RangeOperator } from './compare-range.js';
import type { Clause } from './match-clause.js';
import { UNKNOWN_OPERATOR } from '../kit-messages.js';
import { isJsonObject } from '../json-record.js';
import { problem, type Parsed } from './parse-problem.js';

/** Most clauses one `where` may hold (x-decisions query-language): each costs a pass over the records. */
export const MAX_CLAUSES = 64;

const COMPARISONS = ['equals', 'reg_exp', 'wildcard', 'lt', 'lte', 'gt', 'gte'] as const;

type Budget = { left: number };

function parseComparison(op: (typeof COMPARISONS)[number], value: unknown, field: string): Parsed<Clause> {
  if (!isJsonObject(value)) return problem(field, 'must be an object with target and expr');
  for (const key of Object.keys(value)) if (key !== 'target' && key !== 'expr') return problem(`${field}.${key}`, 'not allowed');
  const { target, expr } = value;
  if (typeof target !== 'string') return problem(`${field}.target`, target === undefined ? 'required' : 'must be string');
  if (target === '') return problem(`${field}.target`, 'must not be empty');
  if (op === 'lt' || op === 'lte' || op === 'gt' || op === 'gte') {
    if (typeof expr !== 'string' && typeof expr !== 'number') return problem(`${field}.expr`, expr === undefined ? 'required' : 'must be string or number');
    return { ok: true, value: { op: op satisfies RangeOperator, target, expr } };
  }
  if (typeof expr !== 'string') return problem(`${field}.expr`, expr === undefined ? 'required' : 'must be string');
  if (op === 'equals') return { ok: true, value: { op, target, expr } };
  const compiled = op === 'reg_exp' ? compileRegExp(expr) : compileWildcard(expr);
  return compiled.ok ? { ok: true, value: { op, target, pattern: compiled.pattern } } : problem(`${field}.expr`, compiled.reason);
}

function parseCombination(op: 'and' | 'or', value: unknown, field: string, budget: Budget): Parsed<Clause> {
  if (Array.isArray(value)) {
    if (value.length === 0) return problem(field, 'must not be empty');
    const clauses: Clause[] = [];
    for (const [i, item] of value.entries()) {
      const parsed = parseClause(item, `${field}.${i}`, budget);
      if (!parsed.ok) return parsed;
      clauses.push(parsed.value);
    }
    return { ok: true, value: { op, clauses } };
  }
  // The object form names one clause per operator: {"or": {"equals": …, "reg_exp": …}}.
  if (!isJsonObject(value)) return problem(field, 'must be a list of clauses or an object of operator to clause');
  const parts = parseOperators(value, field, budget);
  return parts.ok ? { ok: true, value: { op, clauses: parts.value } } : parts;
}

function parseOperators(value: Record<string, unknown>, field: string, budget: Budget): Parsed<Clause[]> {
  const keys = Object.keys(value);
  if (keys.length === 0) return problem(field, 'must name at least one operator');
  const clauses: Clause[] = [];
  for (const key of keys) {
    const at = `${field}.${key}`;
    // Stryker disable next-line UpdateOperator: limits: x-decisions limits of the query language (docs/mutation/SURVIVORS.md)
    if (--budget.left < 0) return problem(at, `more than ${MAX_CLAUSES} clauses`);
    let parsed: Parsed<Clause>;
    if ((COMPARISONS as readonly string[]).includes(key)) parsed = parseComparison(key as (typeof COMPARISONS)[number], value[key], at);
    else if (key === 'and' || key === 'or') parsed = parseCombination(key, value[key], at, budget);
    else if (key === 'not') {
      const inner = parseClause(value[key], at, budget);
      parsed = inner.ok ? { ok: true, value: { op: 'not', clause: inner.value } } : inner;
    } else return problem(at, UNKNOWN_OPERATOR);
    if (!parsed.ok) return parsed;
    clauses.push(parsed.value);
  }
  return { ok: true, value: clauses };
}

/** One clause object: its operators, all of which must hold (an `and` of them, one or more). */
function parseClause(value: unknown, field: string, budget: Budget): Parsed<Clause> {
  if (!isJsonObject(value)) return problem(field, 'must be object');
  const parts = parseOperators(value, field, budget);
  return parts.ok ? { ok: true, value: { op: 'and', clauses: parts.value } } : parts;
}

/**
 * Parses the `where` of a query (§4.1 where.equals; x-decisions query-language for the
 * rest): an object of operator → clause, every operator of one object must hold. Comparisons
 * (`equals`, `reg_exp`, `wildcard`, `lt`, `lte`, `gt`, `gte`) take `{target, expr}`; `and` and
 * `or` take a list of clause objects or one object of operator → clause; `not` takes one clause
 * object. A problem names the dotted field: `where.and.1.reg_exp.expr`.
 *
 * @example parseWhere({ or: [{ equals: { target: 'kind', expr: 'a' } }, { wildcard: { target: 'kind', expr: 'b*' } }] })
 */
export function parseWhere(value: unknown, field = 'where'): Parsed<Clause> {
  // Stryker disable next-line ObjectLiteral: limits: x-decisions limits of the query language (docs/mutation/SURVIVORS.md)
  return parseClause(value, field, { left: MAX_CLAUSES });
}
