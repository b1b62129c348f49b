import type { JsonRecord } from './sample-records.js';

// Values at a dotted path of a record: `actions.0.config.cmd`, numeric segments indexing lists.

/** The value at a dotted path, or undefined when the record has nothing there. */
export function valueAt(record: JsonRecord, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, segment) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined), record);
}

/** A deep copy of `record` with the value at a dotted path replaced. */
export function withValueAt(record: JsonRecord, path: string, value: unknown): JsonRecord {
  const copy = structuredClone(record);
  const segments = path.split('.');
  let node: unknown = copy;
  for (const segment of segments.slice(0, -1)) {
    node = (node as Record<string, unknown>)[segment];
    if (typeof node !== 'object' || node === null) throw new Error(`the sample record has nothing at ${path}`);
  }
  (node as Record<string, unknown>)[segments.at(-1)!] = value;
  return copy;
}
