import type { JsonObject } from '../json-record.js';
import { matchWhere, readTarget } from '../match-where.js';
import type { Pattern } from './compile-pattern.js';
import { compareRange, type RangeOperator } from './compare-range.js';

/** One parsed clause of a `where` (x-decisions where-equals, query-language). */
export type Clause =
  | { op: 'equals'; target: string; expr: string }
  | { op: 'reg_exp' | 'wildcard'; target: string; pattern: Pattern }
  | { op: RangeOperator; target: string; expr: string | number }
  | { op: 'and' | 'or'; clauses: Clause[] }
  | { op: 'not'; clause: Clause };

/** The text a pattern is matched against: a string as is, a number or boolean by its JSON text. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return undefined;
}

/**
 * True when the record satisfies the clause. `equals` is the core rule (matchWhere); `reg_exp`
 * and `wildcard` must match the whole value; `lt`…`gte` compare as {@link compareRange} says;
 * `and` needs every clause, `or` one of them, `not` the opposite. A dotted target descends into
 * nested objects (readTarget).
 *
 * @example matchClause({ id: 'e1', kind: 'link-down' }, { op: 'not', clause: { op: 'equals', target: 'kind', expr: 'link-up' } }) // → true
 */
export function matchClause(record: JsonObject, clause: Clause): boolean {
  switch (clause.op) {
    case 'equals':
      return matchWhere(record, clause);
    case 'reg_exp':
    case 'wildcard': {
      const text = textOf(readTarget(record, clause.target));
      return text !== undefined && clause.pattern.matches(text);
    }
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return compareRange(readTarget(record, clause.target), clause.op, clause.expr);
    case 'and':
      return clause.clauses.every((c) => matchClause(record, c));
    case 'or':
      return clause.clauses.some((c) => matchClause(record, c));
    case 'not':
      return !matchClause(record, clause.clause);
  }
}
