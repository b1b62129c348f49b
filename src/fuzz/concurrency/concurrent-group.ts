import fc from 'fast-check';
import { INDEX_NAMES, type IndexName, type OpenApiDocument } from '../../server/core/index.js';
import { createStep, deleteStep, readStep, updateStep, type FuzzStep } from '../generate/fuzz-step.js';
import { minimalRecord } from '../generate/minimal-record.js';

/**
 * What a group of overlapping requests races on, one record each: creates of one new id (different bodies), updates of different fields of one record,
 * updates against a delete, reads against a delete, creates against deletes, deletes of one record.
 */
const GROUP_KINDS = ['create-create', 'update-update', 'update-delete', 'read-delete', 'create-delete', 'delete-delete'] as const;
type GroupKind = (typeof GROUP_KINDS)[number];

/** A group: N steps on slot 0 of one index, sent at once, after the record was created with `initial` (when it `exists`). */
export interface ConcurrentGroup {
  kind: GroupKind;
  index: IndexName;
  exists: boolean;
  /** The index's required fields (from the spec) and one extra field, so a read sees more than the id. */
  initial: Record<string, unknown>;
  steps: FuzzStep[];
}

/**
 * Groups of `size` steps (at least 2): the kind and index, whether a create races a delete of a record that exists, where each id goes, and the order the
 * requests leave in. Each create sends its own `sender`, each update its own field.
 */
export function groupArbitrary(doc: OpenApiDocument, size: number, runPrefix: string): fc.Arbitrary<ConcurrentGroup> {
  const n = Math.max(2, size);
  const via = fc.constantFrom('path' as const, 'body' as const);
  return fc
    .record({
      kind: fc.constantFrom(...GROUP_KINDS),
      index: fc.constantFrom(...INDEX_NAMES),
      exists: fc.boolean(),
      vias: fc.array(via, { minLength: n, maxLength: n }),
      shift: fc.nat(n - 1),
    })
    .map(({ kind, index, exists, vias, shift }) => {
      const initial = { ...minimalRecord(doc, index), origin: `${runPrefix}initial` };
      const create = (i: number) => createStep(index, 0, { ...initial, sender: `${runPrefix}sender-${i}` }, vias[i]!);
      const update = (i: number) => updateStep(index, 0, { [`concurrent_${i}`]: `${runPrefix}update-${i}` }, { via: vias[i]! });
      const pick: Record<GroupKind, (i: number) => FuzzStep> = {
        'create-create': create,
        'update-update': update,
        // One delete among the others, at a drawn place.
        'update-delete': (i) => (i === shift ? deleteStep(index, 0) : update(i)),
        'read-delete': (i) => (i === shift ? deleteStep(index, 0) : readStep(index, 0)),
        'create-delete': (i) => ((i + shift) % 2 === 0 ? create(i) : deleteStep(index, 0)),
        'delete-delete': () => deleteStep(index, 0),
      };
      const steps = Array.from({ length: n }, (_, i) => pick[kind](i));
      return { kind, index, exists: kind === 'create-create' ? false : kind === 'create-delete' ? exists : true, initial, steps };
    });
}
