import { cloneJson, getOwnField, setOwnField, type JsonObject } from './json-record.js';

/**
 * The record restricted to the listed fields it has, in the order of `select`; absent fields
 * are left out, so a record may become `{}` (§4.1 rule 8, x-decisions select).
 *
 * @example selectFields({ id: 'p2p', name: 'Point to Point' }, ['name', 'type_id']) // → { name: 'Point to Point' }
 */
export function selectFields(record: JsonObject, select: readonly string[]): JsonObject {
  const selected: JsonObject = {};
  for (const field of select) {
    if (!Object.hasOwn(record, field)) continue;
    const value = getOwnField(record, field);
    // Strings, numbers and booleans cannot be shared mutably; only objects and arrays are copied.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: equivalent: defensive copy, the JSON answer is the same (docs/mutation/SURVIVORS.md)
    setOwnField(selected, field, typeof value === 'object' && value !== null ? cloneJson(value) : value);
  }
  return selected;
}
