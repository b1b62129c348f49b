import { isObject } from '../../contract/spec/flaw-sites.js';
import type { StoredRecord } from '../../server/core/index.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';

/** The lists whose entries an update addresses by id (§4.1 rule 5). */
const ENTRY_LISTS = new Set(['actions', 'parameters', 'resources']);
/** Fields that take one value of a list (§2.3, §3): another value of the list is not "one leaf changed". */
const ENUM_FIELDS = new Set(['status', 'type', 'schema']);

type Path = ReadonlyArray<string | number>;

/** Every scalar leaf of a record that an update may change by itself (not an id, the marker or an enumeration), in the order a leaf pick counts them. */
export const leafPaths = (record: StoredRecord): Path[] => leavesOf(record, [], []);

function leavesOf(value: unknown, path: Path, out: Path[]): Path[] {
  if (Array.isArray(value)) for (const [i, item] of value.entries()) leavesOf(item, [...path, i], out);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      const inEntry = path.length >= 2 && ENTRY_LISTS.has(String(path[0]));
      if (
        (path.length === 0 && (key === 'id' || key === MARKER_FIELDS.fuzz)) ||
        (inEntry && path.length === 2 && key === 'id') ||
        (inEntry && ENUM_FIELDS.has(key))
      )
        continue;
      leavesOf(child, [...path, key], out);
    }
  } else if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isSafeInteger(value))) out.push(path);
  return out;
}

const changed = (leaf: unknown): unknown => (typeof leaf === 'string' ? `${leaf}~` : typeof leaf === 'number' ? leaf + 1 : !leaf);

function withLeafChanged(value: unknown, path: Path): unknown {
  if (path.length === 0) return changed(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  Object.defineProperty(copy, head!, { value: withLeafChanged(copy[head!], rest), enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * An update body that changes exactly one scalar leaf of `record` (§4.1 update: 304 only when nothing changes). An entry is addressed by id and carries only
 * its changed field, whole; elsewhere the top-level field goes whole, so merge or replace (left open) cannot matter.
 *
 * @example leafUpdate({ id: 'a', actions: [{ id: 'e1', config: { cmd: 'x', args: ['-v'] } }] }, 0)
 * // → { description: 'actions[id=e1].config.cmd', body: { actions: [{ id: 'e1', config: { cmd: 'x~', args: ['-v'] } }] } }
 */
export function leafUpdate(record: StoredRecord, pick: number): { description: string; body: Record<string, unknown> } | undefined {
  const leaves = leafPaths(record);
  const path = leaves[pick % Math.max(leaves.length, 1)];
  if (!path) return undefined;
  const [field, ...rest] = path as [string, ...Array<string | number>];
  if (ENTRY_LISTS.has(field) && typeof rest[0] === 'number' && typeof rest[1] === 'string') {
    const entry = (record[field] as Array<Record<string, unknown>>)[rest[0]]!;
    const entryField = rest[1];
    const body = { [field]: [{ id: entry['id'], [entryField]: withLeafChanged(entry[entryField], rest.slice(2)) }] };
    return { description: `${field}[id=${String(entry['id'])}].${[entryField, ...rest.slice(2)].join('.')}`, body };
  }
  return { description: path.join('.'), body: { [field]: withLeafChanged(record[field], rest) } };
}
