/** A JSON object as parsed from a body: field name → JSON value. */
export type JsonObject = { [field: string]: unknown };

/** A record as stored in an index: any JSON object with a string id (§2 rule 3). */
export type StoredRecord = JsonObject & { id: string };

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The record's own field, never one inherited from the prototype: `where.equals.target:
 * "constructor"` must not find `Object.prototype.constructor`.
 */
export function getOwnField(record: JsonObject, field: string): unknown {
  return Object.hasOwn(record, field) ? record[field] : undefined;
}

/**
 * Sets an own, enumerable field. `record[field] = v` with field `__proto__` would replace the
 * object's prototype instead; a client may send that key and it must be stored as data.
 */
export function setOwnField(record: JsonObject, field: string, value: unknown): void {
  // Object.prototype's only setter is __proto__; every other name assigns an own field, and an
  // assignment is several times faster than defineProperty (the select of a large read).
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,ObjectLiteral,StringLiteral: kit-only: hostile-input hardening (test/hostile) (docs/mutation/SURVIVORS.md)
  if (field === '__proto__') Object.defineProperty(record, field, { value, enumerable: true, writable: true, configurable: true });
  else record[field] = value;
}

/**
 * A deep copy of a JSON value. The store never keeps references to request objects or hands out
 * its own. JSON.parse creates `__proto__` keys as own data fields, so they cannot pollute.
 */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
/** A JSON pointer segment as the field name it stands for (RFC 6901: `~1` is `/`, `~0` is `~`). */
export function unescapePointerSegment(segment: string): string {
  // Stryker disable next-line StringLiteral: equivalent: no field the schemas check has / or ~ in its name (docs/mutation/SURVIVORS.md)
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
