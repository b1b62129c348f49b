import { recordBodyNode } from './wire-request.js';
import fc from 'fast-check';
import { INDEX_NAMES, type IndexName, type OpenApiDocument, type SpecValidator } from '../../server/core/index.js';
import { EDGE_NUMBERS, NUL } from '../../contract/faithful-answers.js';
import { GENERATED_SLOT, HOSTILE_CONTENT_TYPES, NORMAL_TRANSPORT, SLOT_EXPR_PREFIX, type FlawKind, type FuzzStep } from './fuzz-step.js';
import type { Transport } from './fuzz-step.js';
import { createStep as create, readStep as read, deleteStep as remove, updateStep as update } from './fuzz-step.js';
import { recordArbitrary } from './schema-arbitrary.js';

import { WRONG_AUTH_KINDS } from '../../contract/auth-table.js';
import { findOpenShapes } from '../../contract/spec/open-shapes.js';
import { listFlawSites } from '../../contract/spec/flaw-sites.js';
import { leafPaths } from './leaf-update.js';
import { minimalRecord } from './wire-request.js';
import { ID_STYLES } from './sequence-ids.js';
import { BULK_MAX, bulkSteps, withIdStyle } from './sequence-arbitrary.js';
import { REAL_TEXT, type Vocabulary } from './vocabulary.js';

/**
 * A sequence every run sends before its generated ones, of one shape that exposes a whole class of breakage random sequences reach only now and then
 * (measured: three such classes went unseen by 3 to 6 of 10 seeds in 100 random sequences). `kind` names the class.
 */
export type ProbeSequence = { kind: ProbeKind; index: IndexName; steps: FuzzStep[] };
export type ProbeKind = keyof typeof PROBES;

/** The extra field a probe's records carry, with a run-tagged value, so a where names exactly them (§2 rule 4 allows it). */
export const PROBE_FIELD = 'fz_probe';
/** Bodies sampled per index to find a rich one; depths (or sites) a probe tries one by one, deepest first. */
const SAMPLES = 40;
const MAX_DEPTHS = 4;

type Body = Record<string, unknown>;
const equals = (target: string, expr: string) => ({ where: { equals: { target, expr } } });
const bySlot = (slot: number) => equals('id', `${SLOT_EXPR_PREFIX}${slot}`);
const depthsOf = (paths: ReadonlyArray<ReadonlyArray<string | number>>) => paths.map((p) => p.length);
const sent = (change: Partial<Transport>): Transport => ({ ...NORMAL_TRANSPORT, ...change });

/** Picks (positions in `depths`) one per distinct depth, deepest first: the top level, an entry, an entry's config, a nested extra — each once. */
export function onePickPerDepth(depths: readonly number[], max = MAX_DEPTHS): number[] {
  const seen = new Set<number>();
  const order = depths.map((depth, pick) => ({ depth, pick })).sort((a, b) => b.depth - a.depth || a.pick - b.pick);
  return order
    .filter(({ depth }) => !seen.has(depth) && seen.add(depth))
    .map(({ pick }) => pick)
    .slice(0, max);
}

/** The path of a formatted one (`actions[0].config.retries`): field names hold no dot or bracket (vocabulary.ts). */
const parsePath = (formatted: string): Array<string | number> =>
  [...formatted.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));

/** A copy of `body` without the fields at `paths` (each below the top level). */
function without(body: Body, paths: ReadonlyArray<ReadonlyArray<string | number>>): Body {
  const copy = JSON.parse(JSON.stringify(body)) as Body;
  for (const path of paths) {
    let node: unknown = copy;
    for (const part of path.slice(0, -1)) node = node === null || typeof node !== 'object' ? undefined : (node as Record<string | number, unknown>)[part];
    if (node !== null && typeof node === 'object') delete (node as Record<string | number, unknown>)[path.at(-1)!];
  }
  return copy;
}

/**
 * The richest (deepest leaves, then most) of a few valid create bodies of the index, with no shape a faithful target may refuse (contract/spec/open-shapes.ts).
 * Sampled from the run's seed, so a replay sends the same probes.
 */
function richBody(doc: OpenApiDocument, spec: SpecValidator, vocabulary: Vocabulary, index: IndexName, seed: number): Body {
  const node = recordBodyNode(doc, index, 'post');
  const closed = fc
    .sample(recordArbitrary(doc, vocabulary, index, 'post'), { seed, numRuns: SAMPLES })
    .map((body) => without(body, findOpenShapes(doc, spec, node, body).extras.map(parsePath)))
    .filter((body) => {
      const open = findOpenShapes(doc, spec, node, body);
      return open.extras.length + open.forms.length + open.spellings.length === 0 && spec.accepts(node.pointer, body);
    });
  const score = (body: Body) => {
    const depths = depthsOf(leafPaths({ id: 'x', ...body }));
    return Math.max(0, ...depths) * 1000 + depths.length;
  };
  return (
    closed.reduce<Body | undefined>((best, body) => (best === undefined || score(body) > score(best) ? body : best), undefined) ?? minimalRecord(doc, index)
  );
}

/** A value and the same in another JSON type: an update from one to the other is a change (§4.1 update: 304 only when nothing changes). */
const RETYPED: ReadonlyArray<readonly [unknown, unknown]> = [
  [1, '1'],
  [true, 'true'],
  ['1', 1],
  [0, false],
  [1, true],
];

/** What a probe's steps are written from: `tagged(n)` a minimal record carrying the run's n-th tagged value, `rich` the richest sampled body. */
type ProbeInput = {
  doc: OpenApiDocument;
  spec: SpecValidator;
  index: IndexName;
  offset: number;
  tagged: readonly string[];
  rich: Body;
  plain: (n: number) => Body;
};

/** A value of another JSON type at each depth of typed fields, and one outside each enumeration, on update and on create: nothing may be stored. */
function typesEverywhere({ doc, spec, index, rich }: ProbeInput): FuzzStep[] {
  const flawed = (method: 'post' | 'put', kind: FlawKind, slot: number) => {
    const sites = listFlawSites(recordBodyNode(doc, index, method), rich, { doc, spec, allowMissing: false, keepTopLevel: ['id'] }).filter(
      (s) => s.kind === kind,
    );
    // A field whose name the description hides may be stored as sent: its refusal proves nothing.
    const named = sites.map((site, pick) => ({ site, pick })).filter(({ site }) => !site.hiddenName);
    return onePickPerDepth(named.map(({ site }) => site.path.length)).map((n) => {
      const pick = named[n]!.pick;
      return method === 'put'
        ? update(index, slot, rich, { flaw: { kind, pick } })
        : { ...create(index, slot, rich), body: { value: rich, flaw: { kind, pick, variant: 0 } } };
    });
  };
  return [
    create(index, 0, rich),
    ...flawed('put', 'wrong-type', 0),
    ...flawed('put', 'bad-enum', 0),
    ...flawed('post', 'wrong-type', 1),
    ...flawed('post', 'bad-enum', 1),
    read(index, undefined, bySlot(1)),
  ];
}

/** Offsets of the id-style probes, each the style it probes (ID_STYLES; 0, the plain one, is every other probe's). */
const STYLES = Array.from({ length: ID_STYLES.length - 1 }, (_, n) => n + 1);

/**
 * The probes, in the order they are sent: cheap and broad first, the volume last. `on`: every index for the classes whose shape depends on the schema, else
 * the index each offset rotates to with the seed. Each is its steps, written as data over the input.
 */
const PROBES = {
  /** Every hostile token, media type and body once, each on an update of a stored record: none may change it (§5, §4.1). */
  'hostile-transports': {
    on: [0],
    steps: ({ index, tagged, plain }) => [
      create(index, 0, plain(0)),
      ...[
        ...WRONG_AUTH_KINDS.map((auth) => sent({ auth })),
        ...HOSTILE_CONTENT_TYPES.map((contentType) => sent({ contentType })),
        ...(['malformed-json', 'not-an-object', 'empty'] as const).map((raw) => sent({ raw })),
      ].map((transport) => update(index, 0, { [PROBE_FIELD]: tagged[1]! }, { transport })),
      read(index, 0),
    ],
  },
  /** Every operation with a body, in each other spelling of application/json (§4.1; RFC 9110 section 8.3.1). */
  'json-spellings': {
    on: [1],
    steps: ({ index, tagged, plain }) => [
      create(index, 0, plain(0), 'path', { transport: sent({ contentType: 'json-charset' }) }),
      create(index, 1, plain(0), 'body', { transport: sent({ contentType: 'json-upper' }) }),
      read(index, 0, { select: [PROBE_FIELD] }, sent({ contentType: 'json-charset-tight' })),
      update(index, 0, { [PROBE_FIELD]: tagged[1]! }, { transport: sent({ contentType: 'json-upper' }) }),
      update(index, 1, { [PROBE_FIELD]: tagged[2]! }, { transport: sent({ contentType: 'json-charset' }) }),
      remove(index, 0, bySlot(0), sent({ contentType: 'json-charset-tight' })),
    ],
  },
  /**
   * What real records hold, read back equal after create and after update (§2 rule 4): text of every script, empty strings, lists and objects, nested
   * objects, numbers a float would change; then the JSON edges a target may take or refuse, each read back when taken.
   */
  content: {
    on: 'every',
    steps: ({ doc, index, rich }) => [
      create(index, 0, {
        ...rich,
        ...{ fz_text: [...REAL_TEXT], fz_empty_text: '', fz_empty_list: [], fz_empty_object: {} },
        fz_numbers: [0.1, 2 ** 53 - 1, -(2 ** 53 - 1), 1e21, 123456789.123],
        fz_nested: { inner: { text: REAL_TEXT[0], list: [1, 'two', true] }, empty: {} },
        ...Object.fromEntries(RETYPED.map(([from], n) => [`fz_typed_${n}`, from])),
      }),
      update(index, 0, { fz_text: [...REAL_TEXT].reverse(), fz_more_text: REAL_TEXT[1]!, fz_empty_again: '', fz_empty_list_again: [], fz_number: 16777217.5 }),
      // nul-character, number-range: a target may refuse these, so each comes in an update of its own and a refusal leaves the rest judged.
      update(index, 0, { fz_edge_numbers: [...EDGE_NUMBERS] }),
      update(index, 0, { fz_nul: `a${NUL}b`, [`fz_nul${NUL}name`]: 1 }),
      ...(['huge-number', 'deep-nesting', 'invalid-utf8'] as const).map((raw, n) => update(index, 0, { fz_number: n }, { transport: sent({ raw }) })),
      create(index, 1, minimalRecord(doc, index), 'body', { transport: sent({ raw: 'huge-number' }) }),
      ...RETYPED.map(([, to], n) => update(index, 0, { [`fz_typed_${n}`]: to })),
    ],
  },
  /** select and where on every read and delete form: by id, by id with a where, on the base path (§4.1 rules 6-8). */
  'query-forms': {
    on: 'every',
    steps: ({ index, tagged, plain }) => [
      create(index, 0, { ...plain(0), fz_other: tagged[1]! }),
      create(index, 1, { ...plain(0), fz_other: tagged[2]! }, 'body'),
      read(index, 0, { select: [PROBE_FIELD] }),
      read(index, 0, { select: ['fz_other'], ...bySlot(0) }),
      read(index, 1, equals(PROBE_FIELD, tagged[1]!)),
      read(index, undefined, { select: ['fz_other'], ...equals(PROBE_FIELD, tagged[0]!) }),
      remove(index, 1, equals(PROBE_FIELD, tagged[2]!)),
      remove(index, 0, equals('fz_other', tagged[1]!)),
      remove(index, undefined, equals(PROBE_FIELD, tagged[0]!)),
    ],
  },
  /** One update per depth of the record, changing one leaf there only: change detection must see each (§4.1 update: 304 only when nothing changes). */
  'change-depths': {
    on: 'every',
    steps: ({ index, rich }) => [
      create(index, 0, rich),
      ...onePickPerDepth(depthsOf(leafPaths({ id: 'x', ...rich }))).map((leaf) => update(index, 0, {}, { leaf })),
    ],
  },
  'types-everywhere': { on: 'every', steps: typesEverywhere },
  /** Two records whose ids differ only as an id style makes them (sequence-ids.ts), each created, read, updated and deleted by its own id (§2). */
  'id-styles': {
    on: STYLES,
    steps: ({ index, offset, tagged, plain }) =>
      withIdStyle(
        [
          ...[create(index, 0, plain(0)), create(index, 1, plain(1), 'body'), read(index, 0), read(index, 1)],
          ...[update(index, 1, { [PROBE_FIELD]: tagged[2]! }), update(index, 0, { [PROBE_FIELD]: tagged[2]! }, { via: 'body' })],
          ...[read(index, undefined, bySlot(1)), remove(index, 0), read(index, 1)],
        ],
        offset,
      ),
  },
  /** Two creates without id (two records, two ids, §2 rule 3), each read and updated by its id; then a read, update and delete of an id nobody created. */
  'generated-and-unknown-ids': {
    on: [0],
    steps: ({ index, tagged, plain }) => [
      ...[create(index, GENERATED_SLOT, plain(0), 'body'), update(index, GENERATED_SLOT, { [PROBE_FIELD]: tagged[1]! })],
      ...[create(index, GENERATED_SLOT, plain(0), 'body'), read(index, GENERATED_SLOT), read(index, 1)],
      ...[update(index, 1, { [PROBE_FIELD]: tagged[2]! }), remove(index, 1), remove(index, GENERATED_SLOT)],
    ],
  },
  volume: { on: [2], steps: ({ doc, index, tagged }) => bulkSteps(doc, index, BULK_MAX, tagged[0]!, { readAll: true, readWhere: true, deleteWhere: true }) },
} satisfies Record<string, { on: 'every' | readonly number[]; steps: (input: ProbeInput) => FuzzStep[] }>;

export function probeSequences(doc: OpenApiDocument, spec: SpecValidator, vocabulary: Vocabulary, seed: number): ProbeSequence[] {
  const indices = INDEX_NAMES;
  const rotated = (n: number) => indices[(((seed + n) % indices.length) + indices.length) % indices.length]!;
  const tagged = vocabulary.taggedValues;
  const rich = Object.fromEntries(indices.map((index, n) => [index, richBody(doc, spec, vocabulary, index, seed + n)])) as Record<IndexName, Body>;
  return Object.entries(PROBES).flatMap(([kind, { on, steps }]) => {
    const targets = on === 'every' ? indices.map((index) => ({ index, offset: 0 })) : on.map((offset) => ({ index: rotated(offset), offset }));
    return targets.map(({ index, offset }) => {
      const plain = (n: number) => ({ ...minimalRecord(doc, index), [PROBE_FIELD]: tagged[n]! });
      return { kind: kind as ProbeKind, index, steps: steps({ doc, spec, index, offset, tagged, rich: rich[index], plain }) };
    });
  });
}
