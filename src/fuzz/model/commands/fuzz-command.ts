import type fc from 'fast-check';
import type { IndexName, OpenApiDocument, SpecValidator, StoredRecord } from '../../../server/core/index.js';
import { MARKER_FIELDS } from '../../../contract/run-markers.js';
import type { AuthMaterial } from '../../generate/auth-table.js';
import { applyFlaw, formatPath } from '../../../target/run/flaw-sites.js';
import { bindSlotExprs, type AuthKind, type BodySpec, type DeleteStep, type FlawKind, type FuzzStep, type ReadStep } from '../../generate/fuzz-step.js';
import { componentSchema, type SchemaNode } from '../../../target/run/schema-node.js';
import type { SequenceIds } from '../../generate/sequence-ids.js';

/** Everything needed to turn a step into bytes. */
export interface BuildContext {
  doc: OpenApiDocument;
  spec: SpecValidator;
  ids: SequenceIds;
  auth: { target: Readonly<Record<AuthKind, AuthMaterial>>; model: Readonly<Record<AuthKind, AuthMaterial>> };
  allowDestructive: boolean;
  /** The record the model holds under an id, for an update that changes one of its leaves. */
  recordOf?(index: IndexName, id: string): StoredRecord | undefined;
}

/** A step bound to its sequence's ids: the body as it goes (its flaw applied), and where its id goes. */
export interface BoundStep {
  /** The record id the step names (path or body). */
  id?: string | undefined;
  pathId?: string | undefined;
  json?: Record<string, unknown> | undefined;
  /** The body before its flaw. */
  unbroken?: Record<string, unknown> | undefined;
  /** The schema of a create or update body, where open shapes are looked for. */
  node?: SchemaNode | undefined;
  /** A create without id: the marker value its record is found by. */
  marker?: string | undefined;
  /** The id an update tried to set: no record may appear under it. */
  changedIdTo?: string | undefined;
  flaw?: FlawKind | undefined;
  hiddenNameBreak?: string | undefined;
  /** Words for the step's description: `id in the path`, `wrong JSON type at name (0)`. */
  notes: string[];
}

/** What the generation of one index's steps shares (sequence-arbitrary.ts builds it). */
export interface GenerateContext {
  slot: fc.Arbitrary<number>;
  via: fc.Arbitrary<'path' | 'body'>;
  body(method: 'post' | 'put', kinds: FlawKind[]): fc.Arbitrary<BodySpec>;
  query(use: 'read' | 'delete' | 'delete-on-base'): fc.Arbitrary<BodySpec>;
  destructive: boolean;
}

/**
 * One operation of the model runner (after fast-check's ModelRunner commands): how its steps are generated, whether one may run on this target (`check`), how
 * it is bound to ids and bytes, and what it may have changed, which the runner reads back from the target and the model once the answer is judged. The
 * reference core is the model: the runner sends each request to both.
 */
export interface FuzzCommand<S extends FuzzStep> {
  /** The fields of its steps besides op, index and transport, each kind with its weight (fast-check draws them in this order). */
  generate(g: GenerateContext): Array<{ fields: Record<string, fc.Arbitrary<unknown>>; weight: number }>;
  check?(step: S, target: { allowDestructive: boolean; whereTrusted: ReadonlySet<IndexName> }): boolean;
  bind(step: S, context: BuildContext): BoundStep;
  /** The record ids to read back after the step (`undefined`: the whole index). */
  touched(step: S, bound: Pick<BoundStep, 'id' | 'changedIdTo'>, createdId: string | undefined): Array<string | undefined>;
}

/** Applies a body's flaw to `value` (the run's id and marker are never broken) and notes it on `bound`. */
export function flawed(context: BuildContext, node: SchemaNode, value: Record<string, unknown>, spec: BodySpec, allowMissing: boolean, bound: BoundStep) {
  const options = { doc: context.doc, spec: context.spec, allowMissing, keepTopLevel: ['id', MARKER_FIELDS.fuzz] };
  const result = applyFlaw(node, value, spec.flaw, options);
  if (result.description) bound.notes.push(result.description);
  bound.flaw = result.site?.kind;
  bound.hiddenNameBreak = result.site?.hiddenName ? formatPath(result.site.path) : undefined;
  return result.value as Record<string, unknown>;
}

/** A read or delete bound: its slot's id in the path, its query's `@slot` placeholders bound and its flaw applied. */
export function bindQuery(step: ReadStep | DeleteStep, context: BuildContext): BoundStep {
  const bound: BoundStep = { notes: [] };
  if (step.slot !== undefined) bound.pathId = bound.id = context.ids.slotId(step.index, step.slot);
  if (!step.query) return bound;
  const query = bindSlotExprs(step.query.value, (slot) => context.ids.slotId(step.index, slot));
  const equals = (query['where'] as { equals?: { target?: unknown; expr?: unknown } } | undefined)?.equals;
  const words = [
    ...(equals ? [`where ${String(equals.target)} = ${JSON.stringify(equals.expr)}`.slice(0, 80)] : []),
    ...(Array.isArray(query['select']) ? [`select ${query['select'].join(', ')}`.slice(0, 60)] : []),
  ];
  bound.notes.push(words.join(', ') || 'empty query');
  bound.unbroken = query;
  bound.json = flawed(context, componentSchema(context.doc, 'Query'), query, step.query, false, bound);
  return bound;
}
