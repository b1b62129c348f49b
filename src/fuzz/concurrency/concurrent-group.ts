import fc from 'fast-check';
import { INDEX_NAMES, type IndexName, type OpenApiDocument } from '../../reference-server/core/index.js';
import { arbitraryForSchema } from '../generate/schema-arbitrary.js';
import { recordBodyNode, requiredProperties, propertyNode } from '../../spec/schema-node.js';
import type { Vocabulary } from '../generate/vocabulary.js';

/**
 * What a group of overlapping requests races on, one record id each: creates of one new id (different bodies), updates of different fields of one record,
 * updates against a delete, reads against a delete, creates against deletes, deletes of one record.
 */
const GROUP_KINDS = ['create-create', 'update-update', 'update-delete', 'read-delete', 'create-delete', 'delete-delete'] as const;
type GroupKind = (typeof GROUP_KINDS)[number];

/** One request of a group, before it is bound to the group's id. */
export interface GroupRequest {
  op: 'create' | 'read' | 'update' | 'delete';
  /** Where a create or update names the id: in the path (`{base}/{id}`) or only in the body (`{base}`). */
  via: 'path' | 'body';
  /** The fields a create or update sends (a create's differ from every other create's of the group). */
  fields: Record<string, unknown>;
}

/** A group: N requests on one record of one index, sent at once, after the record was created (when `exists`). */
export interface ConcurrentGroup {
  kind: GroupKind;
  index: IndexName;
  /** The record exists before the group (created, then read back, first). */
  exists: boolean;
  /** The fields the record is created with when it exists: its required ones (from the spec) and one extra field, so a read sees more than the id. */
  initial: Record<string, unknown>;
  requests: GroupRequest[];
}

/** The fields every record of the index needs (the create schema's required ones but id), from the spec. */
function requiredFields(doc: OpenApiDocument, index: IndexName, vocabulary: Vocabulary): fc.Arbitrary<Record<string, unknown>> {
  const node = recordBodyNode(doc, index, 'post');
  const tagged = fc.constantFrom(...vocabulary.taggedValues);
  const entries = requiredProperties(node)
    .filter((name) => name !== 'id')
    .map((name) => {
      const property = propertyNode(doc, node, name);
      const value = property ? arbitraryForSchema(property, { doc, vocabulary, mode: 'create', stringFor: () => tagged }, [name]) : tagged;
      return [name, value] as const;
    });
  return fc.record(Object.fromEntries(entries));
}

/**
 * Groups of `size` requests (at least 2), drawn from the spec and the run's vocabulary: the kind and index, whether a create races a delete of a record that
 * exists, where each id goes, and the order the requests leave in. Each create sends its own `sender`, each update its own field.
 */
export function groupArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, size: number, runPrefix: string): fc.Arbitrary<ConcurrentGroup> {
  const n = Math.max(2, size);
  return fc
    .record({
      kind: fc.constantFrom(...GROUP_KINDS),
      index: fc.constantFrom(...INDEX_NAMES),
      exists: fc.boolean(),
      vias: fc.array(fc.constantFrom('path' as const, 'body' as const), { minLength: n, maxLength: n }),
      shift: fc.nat(n - 1),
    })
    .chain((drawn) => requiredFields(doc, drawn.index, vocabulary).map((required) => ({ ...drawn, initial: { ...required, origin: `${runPrefix}initial` } })))
    .map(({ kind, index, exists, vias, shift, initial }) => {
      const create = (i: number): GroupRequest => ({ op: 'create', via: vias[i]!, fields: { ...initial, sender: `${runPrefix}sender-${i}` } });
      const update = (i: number): GroupRequest => ({ op: 'update', via: vias[i]!, fields: { [`concurrent_${i}`]: `${runPrefix}update-${i}` } });
      const remove = (): GroupRequest => ({ op: 'delete', via: 'path', fields: {} });
      const read = (): GroupRequest => ({ op: 'read', via: 'path', fields: {} });
      const pick: Record<GroupKind, (i: number) => GroupRequest> = {
        'create-create': create,
        'update-update': update,
        // One delete among the others, at a drawn place.
        'update-delete': (i) => (i === shift ? remove() : update(i)),
        'read-delete': (i) => (i === shift ? remove() : read()),
        'create-delete': (i) => ((i + shift) % 2 === 0 ? create(i) : remove()),
        'delete-delete': () => remove(),
      };
      const requests = Array.from({ length: n }, (_, i) => pick[kind](i));
      return { kind, index, exists: kind === 'create-create' ? false : kind === 'create-delete' ? exists : true, initial, requests };
    });
}
