import { getOwnField, isJsonObject } from './json-record.js';

/**
 * Deep equality of two JSON values, ignoring the order of object fields (§4.1: an update
 * that changes nothing answers 304).
 */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => isDeepEqual(item, b[i]));
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && isDeepEqual(getOwnField(a, key), getOwnField(b, key)));
}
