import { getOwnField, isJsonObject, type JsonObject } from './json-record.js';

/** `where.equals` of the query body (§4.1). */
export interface WhereEquals {
  target: string;
  expr: string;
}

/**
 * The value a target names: the record's own field of that exact name, else, for a dotted
 * target such as `config.cmd`, the nested field (x-decisions where-equals).
 */
export function readTarget(record: JsonObject, target: string): unknown {
  if (Object.hasOwn(record, target)) return getOwnField(record, target);
  let node: unknown = record;
  for (const part of target.split('.')) {
    if (!isJsonObject(node)) return undefined;
    node = getOwnField(node, part);
  }
  return node;
}

/**
 * True when the record's field named by `target` equals `expr`: strings exactly
 * (case-sensitive), numbers and booleans by their JSON text; objects, arrays, null and absent
 * fields never match (x-decisions where-equals).
 *
 * @example matchWhere({ id: 'p2p', max: 4 }, { target: 'max', expr: '4' }) // → true
 */
export function matchWhere(record: JsonObject, equals: WhereEquals): boolean {
  const value = readTarget(record, equals.target);
  if (typeof value === 'string') return value === equals.expr;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: open: where.equals on a number or boolean field — `expr` is a String (description section 4.1), comparing it with other types is not fixed (docs/mutation/SURVIVORS.md)
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value) === equals.expr;
  return false;
}
