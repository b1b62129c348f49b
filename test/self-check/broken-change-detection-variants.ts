import { isDeepEqual } from '../../src/server/core/is-deep-equal.js';
import type { BrokenVariant } from './broken-variants.js';
import { coreIndexOf, envelope, isObject, targetId, type Json } from './variant-helpers.js';

// Variants whose update sees a change only down to some depth (§4.1 update: 304 only "when
// nothing would change"). Each compares the stored record before and after through a view that
// is blind to one kind of change; when the views agree it answers 304 and keeps the record as it
// was. Validation and merging stay the core's.

/**
 * Lets the core update, then compares the record before and after through `view`: when the views
 * are equal, the update is undone and answered 304.
 */
function detectsChangesThrough(view: (record: Json) => unknown): BrokenVariant['wrap'] {
  return (handle, { store }) =>
    async (request) => {
      const index = coreIndexOf(request.path);
      const id = targetId(request);
      const before = request.method === 'PUT' && index && id !== undefined ? store[index].get(id) : undefined;
      const response = await handle(request);
      const after = before && index ? store[index].get(before.id) : undefined;
      if (!before || !after || !index || response.status !== 200 || !isDeepEqual(view(before), view(after))) return response;
      store[index].put(before);
      return { status: 304, headers: { 'content-type': 'application/json' }, body: envelope('Not Modified', 304, `Record with id=${before.id} not modified`) };
    };
}

const LISTS = ['actions', 'parameters', 'resources'];
const isScalar = (value: unknown) => typeof value !== 'object' || value === null;

/** The agent's entries reduced to their scalar fields: a change inside an entry's config is not seen. */
function entriesAtTheirFirstLevel(record: Json): Json {
  const view: Json = { ...record };
  for (const list of LISTS) {
    const entries = record[list];
    if (Array.isArray(entries))
      view[list] = entries.map((e: unknown) => (isObject(e) ? Object.fromEntries(Object.entries(e).filter(([, v]) => isScalar(v))) : e));
  }
  return view;
}

/** Every list of strings, at any depth, reduced to its length: a changed entry of such a list is not seen. */
function stringListsByLength(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => typeof v === 'string') ? value.length : value.map(stringListsByLength);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stringListsByLength(v)]));
  return value;
}

/** Top-level fields holding an object reduced to their keys: a changed value inside one is not seen. */
function objectFieldsByKeys(record: Json): Json {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, isObject(v) ? Object.keys(v).sort() : v]));
}

export const BROKEN_CHANGE_DETECTION_VARIANTS: BrokenVariant[] = [
  {
    name: 'shallow-entry-compare',
    fails: '@check.nested-change and @rule.4.1-rule-5',
    breaks: "§4.1 update: an update that changes only a value inside an entry's config (cmd, source, path) answers 304 and stores nothing",
    wrap: detectsChangesThrough(entriesAtTheirFirstLevel),
  },
  {
    name: 'string-lists-compared-by-length',
    fails: '@check.string-list-change',
    breaks: '§4.1 update: an update that changes an entry of a list of strings, keeping its length, answers 304 and stores nothing',
    wrap: detectsChangesThrough(stringListsByLength),
  },
  {
    name: 'object-fields-compared-by-keys',
    fails: '@check.object-value-change',
    breaks: '§4.1 update: an update that changes a value inside an object field, keeping its keys, answers 304 and stores nothing',
    wrap: detectsChangesThrough(objectFieldsByKeys),
  },
];
