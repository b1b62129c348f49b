import type { JsonRecord } from './sample-records.js';

// Values at a dotted path of a record: `actions.0.config.cmd`, numeric segments indexing lists.

/** The value at a dotted path, or undefined when the record has nothing there. */
export function valueAt(record: JsonRecord, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, segment) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined), record);
}

/** A deep copy of `record` with the value at a path (dotted, or its segments) replaced; defined, so a field named `__proto__` is a field. */
export function withValueAt(record: JsonRecord, path: string | ReadonlyArray<string | number>, value: unknown): JsonRecord {
  const copy = structuredClone(record);
  const segments = typeof path === 'string' ? path.split('.') : path;
  let node: unknown = copy;
  for (const segment of segments.slice(0, -1)) {
    node = (node as Record<string | number, unknown>)[segment];
    if (typeof node !== 'object' || node === null) throw new Error(`the record has nothing at ${segments.join('.')}`);
  }
  Object.defineProperty(node, segments.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
