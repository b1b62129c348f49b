import fc from 'fast-check';
import { INDEX_DEFINITIONS, INDEX_NAMES, type IndexName, type OpenApiDocument } from '../../server/core/index.js';
import { createStep, deleteStep, readStep, GENERATED_SLOT, HOSTILE_CONTENT_TYPES, HOSTILE_RAW_KINDS } from './fuzz-step.js';
import { JSON_SPELLINGS, NORMAL_TRANSPORT, SLOT_COUNT, SLOT_EXPR_PREFIX, type BodySpec, type FuzzStep, type FlawChoice, type FlawKind } from './fuzz-step.js';
import type { Transport } from './fuzz-step.js';
import { COMMANDS, commandOf, type GenerateContext } from '../model/commands.js';
import { arbitraryForSchema, recordArbitrary } from './schema-arbitrary.js';
import { componentSchema, declaredProperties, propertyNode } from '../../contract/spec/schema-node.js';
import { BULK_SLOT_BASE, ID_STYLES } from './sequence-ids.js';
import { WRONG_AUTH_KINDS } from '../../contract/auth-table.js';
import { minimalRecord } from './wire-request.js';
import { stringValue, type Vocabulary } from './vocabulary.js';
import { mayReadAsNonString } from '../../contract/faithful-answers.js';

function flawChoice(kinds: readonly FlawKind[], percent: number): fc.Arbitrary<FlawChoice | undefined> {
  const choice = fc.record({ kind: fc.constantFrom(...kinds), pick: fc.nat(50), variant: fc.nat(10) });
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 100 - percent }, { arbitrary: choice, weight: percent });
}

/** The transport: as the description asks most of the time (application/json in any spelling), otherwise one hostile change. */
function transportArbitrary(): fc.Arbitrary<Transport> {
  const hostile = fc.oneof(
    fc.constantFrom(...WRONG_AUTH_KINDS).map((auth): Transport => ({ ...NORMAL_TRANSPORT, auth })),
    fc.constantFrom(...HOSTILE_CONTENT_TYPES).map((contentType): Transport => ({ ...NORMAL_TRANSPORT, contentType })),
    fc.constantFrom(...HOSTILE_RAW_KINDS).map((raw): Transport => ({ ...NORMAL_TRANSPORT, raw })),
  );
  const spelled = fc.constantFrom(...JSON_SPELLINGS).map((contentType): Transport => ({ ...NORMAL_TRANSPORT, contentType }));
  return fc.oneof({ arbitrary: fc.constant(NORMAL_TRANSPORT), weight: 70 }, { arbitrary: spelled, weight: 15 }, { arbitrary: hostile, weight: 15 });
}

/**
 * Values for `expr`: tagged values, slot ids, plain text, and the JSON texts of small numbers and booleans, which the judge takes in each faithful reading
 * (where-on-non-string). Never text a faithful implementation may read otherwise — null, `+5`, `0x5`, `True` (NOT_ASKED structured-where-expr).
 */
function exprArbitrary(vocabulary: Vocabulary, safeOnly: boolean): fc.Arbitrary<string> {
  const slots = fc.nat(SLOT_COUNT - 1).map((n) => `${SLOT_EXPR_PREFIX}${n}`);
  const tagged = fc.constantFrom(...vocabulary.taggedValues);
  if (safeOnly) return fc.oneof(slots, tagged);
  const plain = stringValue(vocabulary).filter((s) => !mayReadAsNonString(s));
  const scalarTexts = fc.constantFrom(...NUMBER_AND_BOOLEAN_TEXTS);
  return fc.oneof({ arbitrary: slots, weight: 4 }, { arbitrary: tagged, weight: 4 }, { arbitrary: plain, weight: 2 }, { arbitrary: scalarTexts, weight: 1 });
}

/** JSON texts of numbers the generators store often (integers near 0, 0.1) and of booleans, some in another spelling of the same value. */
const NUMBER_AND_BOOLEAN_TEXTS = ['0', '1', '-1', '2', '0.1', '1.0', '2e0', '-0', 'true', 'false'];

/** A query from the spec's Query schema over the index's fields; `delete-on-base` keeps only an unbroken where on a run value: it never matches another's record. */
function queryArbitrary(doc: OpenApiDocument, index: IndexName, vocabulary: Vocabulary, use: 'read' | 'delete' | 'delete-on-base'): fc.Arbitrary<BodySpec> {
  const { inputSchema } = INDEX_DEFINITIONS.find((d) => d.name === index)!;
  const names = fc.constantFrom(...new Set(['id', ...declaredProperties(componentSchema(doc, inputSchema)), ...vocabulary.fieldNames]));
  const stringFor = (path: readonly string[]) => (path.at(-1) === 'expr' ? exprArbitrary(vocabulary, use === 'delete-on-base') : names);
  const query = componentSchema(doc, 'Query');
  const options = { doc, vocabulary, mode: 'query' as const, stringFor };
  const generated =
    use === 'read' ? arbitraryForSchema(query, options) : arbitraryForSchema(propertyNode(doc, query, 'where')!, options).map((where) => ({ where }));
  // Half the time the expr fits the target (a slot id for `id`, a tagged value otherwise), so wheres match records.
  const value = fc.tuple(generated, fc.boolean(), fc.nat(SLOT_COUNT - 1), fc.constantFrom(...vocabulary.taggedValues)).map(([q, fit, slot, tagged]) => {
    const equals = (q as { where?: { equals?: { target?: unknown; expr?: unknown } } }).where?.equals;
    if (fit && equals) equals.expr = equals.target === 'id' ? `${SLOT_EXPR_PREFIX}${slot}` : tagged;
    return q;
  });
  const flaw = use === 'delete-on-base' ? fc.constant(undefined) : flawChoice(['wrong-type', 'too-short', 'unknown-member'], 25);
  return fc.record({ value: value as fc.Arbitrary<Record<string, unknown>>, flaw });
}

/** One step on one index: each command's kinds of step with their weights. */
export function stepArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, index: IndexName, destructive = false): fc.Arbitrary<FuzzStep> {
  const transport = transportArbitrary();
  const g: GenerateContext = {
    // Slot 0 most often, so creates, updates, reads and deletes meet the same record.
    slot: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.constant(1), weight: 2 }, { arbitrary: fc.constant(GENERATED_SLOT), weight: 2 }),
    via: fc.constantFrom('path' as const, 'body' as const),
    body: (method, kinds) => fc.record({ value: recordArbitrary(doc, vocabulary, index, method), flaw: flawChoice(kinds, 30) }),
    query: (use) => queryArbitrary(doc, index, vocabulary, use),
    destructive,
  };
  const kinds = Object.entries(COMMANDS).flatMap(([op, command]) =>
    command.generate(g).map(({ fields, weight }) => ({
      arbitrary: fc.record({ op: fc.constant(op), index: fc.constant(index), transport, ...fields }) as fc.Arbitrary<FuzzStep>,
      weight,
    })),
  );
  return fc.oneof(...kinds);
}

/** A valid create of slot 0 or 1 sent as the description asks: what a sequence starts from, so later steps find records. */
function setupCreateArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, index: IndexName): fc.Arbitrary<FuzzStep> {
  return fc.record({
    op: fc.constant('create' as const),
    index: fc.constant(index),
    transport: fc.constant(NORMAL_TRANSPORT),
    slot: fc.constantFrom(0, 1),
    via: fc.constantFrom('path' as const, 'body' as const),
    body: fc.record({ value: recordArbitrary(doc, vocabulary, index, 'post'), flaw: fc.constant(undefined) }),
  });
}

/** The field every record of a bulk carries, with one tagged value, so one where names them all (§2 rule 4 allows it). */
export const BULK_FIELD = 'fz_volume';

/** More records than any page size a store or framework defaults to (10, 20, 25, 50, 100, 250). */
export const BULK_MAX = 260;

/** A bulk: `count` small records created one by one, then the reads `reads` asks for (§4.1 rule 2: every record counts, whatever the number; §8 shows no page size). */
export function bulkSteps(
  doc: OpenApiDocument,
  index: IndexName,
  count: number,
  tagged: string,
  reads: { readAll: boolean; readWhere: boolean; deleteWhere: boolean },
): FuzzStep[] {
  const base = minimalRecord(doc, index);
  const creates = Array.from({ length: count }, (_, n) => createStep(index, BULK_SLOT_BASE + n, { ...base, [BULK_FIELD]: tagged, n }, 'body'));
  const where = { where: { equals: { target: BULK_FIELD, expr: tagged } } };
  const [readAll, read, remove] = [readStep(index, undefined), readStep(index, undefined, where), deleteStep(index, undefined, where)];
  return [...creates, ...(reads.readAll ? [readAll] : []), ...(reads.readWhere ? [read] : []), ...(reads.deleteWhere ? [remove] : [])];
}

/** A bulk of up to {@link BULK_MAX} records, on any index, with any of its reads. */
function bulkArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary): fc.Arbitrary<FuzzStep[]> {
  const count = fc.oneof(fc.constant(BULK_MAX), fc.integer({ min: 2, max: BULK_MAX }));
  const reads = fc.record({ readAll: fc.boolean(), readWhere: fc.boolean(), deleteWhere: fc.boolean() });
  return fc
    .record({ index: fc.constantFrom(...INDEX_NAMES), count, tagged: fc.constantFrom(...vocabulary.taggedValues), reads })
    .map(({ index, count, tagged, reads }) => bulkSteps(doc, index, count, tagged, reads));
}

/** Slot 0 or 1 of a step as the id style makes it (sequence-ids.ts ID_STYLES); the generated slot and bulk slots stay. */
const styled = (slot: number, style: number) => (slot === 0 || slot === 1 ? style * 10 + slot : slot);

/** The steps with slots 0 and 1, and the `@slotN` of their wheres, in one id style (§2: an id is an exact string). */
export function withIdStyle(steps: FuzzStep[], style: number): FuzzStep[] {
  return style === 0 ? steps : steps.map((step) => commandOf(step).restyle(step, (slot) => styled(slot, style)));
}

/** A sequence: mostly on one index, so its steps meet each other's records; half of them in another id style; now and then a bulk. */
export function sequenceArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, maxSteps: number, destructive = false): fc.Arbitrary<FuzzStep[]> {
  const style = fc.oneof(
    { arbitrary: fc.constant(0), weight: ID_STYLES.length - 1 },
    { arbitrary: fc.integer({ min: 1, max: ID_STYLES.length - 1 }), weight: ID_STYLES.length - 1 },
  );
  const plain = fc.tuple(plainSequenceArbitrary(doc, vocabulary, maxSteps, destructive), style).map(([steps, s]) => withIdStyle(steps, s));
  return fc.oneof({ arbitrary: plain, weight: 49 }, { arbitrary: bulkArbitrary(doc, vocabulary), weight: 1 });
}

function plainSequenceArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, maxSteps: number, destructive: boolean): fc.Arbitrary<FuzzStep[]> {
  const perIndex = INDEX_NAMES.map((index) => stepArbitrary(doc, vocabulary, index, destructive));
  const setups = INDEX_NAMES.map((index) => setupCreateArbitrary(doc, vocabulary, index));
  const withSetup = (setup: fc.Arbitrary<FuzzStep>, step: fc.Arbitrary<FuzzStep>) =>
    fc.tuple(fc.array(setup, { maxLength: 2 }), fc.array(step, { minLength: 1, maxLength: maxSteps })).map(([first, rest]) => [...first, ...rest]);
  const oneIndex = fc.oneof(...perIndex.map((step, i) => withSetup(setups[i]!, step)));
  const mixed = withSetup(fc.oneof(...setups), fc.oneof(...perIndex));
  return fc.oneof({ arbitrary: oneIndex, weight: 4 }, { arbitrary: mixed, weight: 1 });
}
