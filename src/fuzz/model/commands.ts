import fc from 'fast-check';
import { operationIdFor, type CoreRequest, type IndexName, type StoredRecord } from '../../server/core/index.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import type { FuzzContext } from '../run/fuzz-session.js';
import { applyFlaw, formatPath, isObject } from '../../contract/spec/flaw-sites.js';
import {
  bindSlotExprs,
  GENERATED_SLOT,
  SLOT_EXPR_PREFIX,
  VERB,
  type BodySpec,
  type FlawKind,
  type FuzzStep,
  type Op,
  type Transport,
} from '../generate/fuzz-step.js';
import type { CreateStep, DeleteStep, ReadStep, UpdateStep } from '../generate/fuzz-step.js';
import { leafUpdate } from '../generate/leaf-update.js';
import { componentSchema, type SchemaNode } from '../../contract/spec/schema-node.js';
import type { SequenceIds } from '../generate/sequence-ids.js';
import { findOpenShapes } from '../../contract/spec/open-shapes.js';
import { openAlternatives, type OpenAlternative } from '../checks/open-alternatives.js';
import { OPEN_RAW_KINDS, requestBreaks, type JudgedRequest } from '../checks/judge-answer.js';
import { basePathOf, recordBodyNode, rawBody, recordPath, requestHeaders, toCoreRequest } from '../generate/wire-request.js';

/** Everything needed to turn a step into bytes; `recordOf`: the record the model holds, for an update of one of its leaves. */
export type BuildContext = Pick<FuzzContext, 'doc' | 'spec' | 'auth' | 'allowDestructive'> & {
  ids: SequenceIds;
  recordOf?(index: IndexName, id: string): StoredRecord | undefined;
};

/** A step bound to its sequence's ids: the body as it goes (its flaw applied), and where its id goes. */
export interface BoundStep {
  id?: string | undefined;
  pathId?: string | undefined;
  json?: Record<string, unknown> | undefined;
  /** The body before its flaw. */
  unbroken?: Record<string, unknown> | undefined;
  /** The schema of a create or update body, where open shapes are looked for. */
  node?: SchemaNode | undefined;
  /** A create without id: the marker value its record is found by. */
  marker?: string | undefined;
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

/** One operation of the model runner (after fast-check's ModelRunner commands): how its steps are generated, may run, are bound to ids, and what they touch. */
export interface FuzzCommand<S extends FuzzStep> {
  /** Each kind of step with its weight; fast-check draws the fields in this order, so reordering changes every seed's sequences. */
  generate(g: GenerateContext): Array<{ fields: Record<string, fc.Arbitrary<unknown>>; weight: number }>;
  check?(step: S, target: { allowDestructive: boolean; whereTrusted: ReadonlySet<IndexName> }): boolean;
  bind(step: S, context: BuildContext): BoundStep;
  /** The record ids to read back after the step (`undefined`: the whole index). */
  touched(step: S, bound: Pick<BoundStep, 'id' | 'changedIdTo'>, createdId: string | undefined): Array<string | undefined>;
  /** What the step's flaw breaks: its body (a create, an update) or its query (a read, a delete). */
  sent(step: S): BodySpec | undefined;
  /** The step in an id style: its slots, and a query's `@slot` exprs, as `styled` makes them (withIdStyle). */
  restyle(step: S, styled: (slot: number) => number): S;
  /**
   * How the step names records: a write by an id known before it is sent (`id`: a body the target may take or refuse is read back by it) or by one the
   * service generates; a read (`records`, of one or many); a delete of one `record`, or on the `base` path, whose hostile changes only --allow-destructive
   * lets through.
   */
  names(step: S): 'id' | 'generated' | 'records' | 'record' | 'base';
}

/** What a create and an update share: a body, one slot. */
const WRITE = {
  sent: (step: CreateStep | UpdateStep) => step.body,
  restyle: <S extends CreateStep | UpdateStep>(s: S, styled: (slot: number) => number) => ({ ...s, slot: styled(s.slot) }),
};
/** What a read and a delete share: a query, bound by bindQuery, and a slot or none. */
const QUERY = {
  bind: bindQuery,
  sent: (step: ReadStep | DeleteStep) => step.query,
  restyle: <S extends ReadStep | DeleteStep>(s: S, styled: (slot: number) => number) => {
    const query = s.query && { ...s.query, value: bindSlotExprs(s.query.value, (slot) => `${SLOT_EXPR_PREFIX}${styled(slot)}`) };
    return { ...s, slot: s.slot === undefined ? undefined : styled(s.slot), query };
  },
};

/** Applies a body's flaw to `value` (the run's id and marker are never broken) and notes it on `bound`. */
function flawed(context: BuildContext, node: SchemaNode, value: Record<string, unknown>, spec: BodySpec, allowMissing: boolean, bound: BoundStep) {
  const options = { doc: context.doc, spec: context.spec, allowMissing, keepTopLevel: ['id', MARKER_FIELDS.fuzz] };
  const result = applyFlaw(node, value, spec.flaw, options);
  if (result.description) bound.notes.push(result.description);
  bound.flaw = result.site?.kind;
  bound.hiddenNameBreak = result.site?.hiddenName ? formatPath(result.site.path) : undefined;
  return result.value as Record<string, unknown>;
}

/** A read or delete bound: its slot's id in the path, its query's `@slot` placeholders bound and its flaw applied. */
function bindQuery(step: ReadStep | DeleteStep, context: BuildContext): BoundStep {
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

/** Create (§4.1 create, §4.2): a record with its id in the path or the body, or without one (the service generates it, §2 rule 3). */
const createCommand: FuzzCommand<CreateStep> = {
  generate: (g) => [{ fields: { slot: g.slot, via: g.via, body: g.body('post', ['missing', 'wrong-type', 'bad-enum']) }, weight: 35 }],
  bind(step, context) {
    const node = recordBodyNode(context.doc, step.index, 'post');
    const bound: BoundStep = { node, notes: [] };
    let body = { ...step.body.value };
    if (step.slot === GENERATED_SLOT) {
      bound.marker = context.ids.nextMarker();
      body = { ...body, [MARKER_FIELDS.fuzz]: bound.marker };
      bound.notes.push('no id: the service generates it');
    } else {
      bound.id = context.ids.slotId(step.index, step.slot);
      if (step.via === 'path') bound.pathId = bound.id;
      else body = { id: bound.id, ...body };
      bound.notes.push(bound.pathId ? 'id in the path' : 'id in the body');
    }
    bound.unbroken = body;
    bound.json = flawed(context, node, body, step.body, true, bound);
    return bound;
  },
  touched: (_step, bound, createdId) => {
    const id = createdId ?? bound.id;
    return id === undefined ? [] : [id];
  },
  ...WRITE,
  names: (step) => (step.slot === GENERATED_SLOT ? 'generated' : 'id'),
};

/** Read (§4.1 read, rules 6-8): a record by id or the whole index, with or without a query (select, where). */
const readCommand: FuzzCommand<ReadStep> = {
  generate: (g) => [
    { fields: { slot: fc.option(g.slot, { freq: 2, nil: undefined }), query: fc.option(g.query('read'), { freq: 2, nil: undefined }) }, weight: 25 },
  ],
  touched: () => [],
  ...QUERY,
  names: () => 'records',
};

/** Update (§4.1 update, rules 5-7): fields set on a record named in the path or the body; now and then one leaf only, or an attempt to change the id. */
const updateCommand: FuzzCommand<UpdateStep> = {
  generate: (g) => [
    {
      fields: {
        slot: g.slot,
        via: g.via,
        body: g.body('put', ['wrong-type', 'bad-enum']),
        changeId: fc.oneof({ arbitrary: fc.constant(false), weight: 12 }, { arbitrary: fc.constant(true), weight: 1 }),
        leaf: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.nat(40), weight: 1 }),
      },
      weight: 25,
    },
  ],
  bind(step, context) {
    const node = recordBodyNode(context.doc, step.index, 'put');
    const id = context.ids.slotId(step.index, step.slot);
    const bound: BoundStep = { node, id, pathId: step.via === 'path' || step.changeId ? id : undefined, notes: [] };
    const stored = context.recordOf?.(step.index, id);
    // A one-leaf change stays valid: its point is the change, not a broken rule.
    const leaf = !step.changeId && step.leaf !== undefined && stored ? leafUpdate(stored, step.leaf) : undefined;
    if (leaf) bound.notes.push(`only ${leaf.description} changed`);
    let body = leaf ? leaf.body : withWholeEntryConfigs({ ...step.body.value }, stored);
    if (step.changeId) {
      bound.changedIdTo = context.ids.otherId(step.index);
      body = { id: bound.changedIdTo, ...body };
      bound.notes.push(`id in the path, another in the body: tries to change the id to ${bound.changedIdTo}`);
    } else {
      if (step.via === 'body') body = { id, ...body };
      bound.notes.push(bound.pathId ? 'id in the path' : 'id in the body');
    }
    bound.unbroken = body;
    bound.json = leaf ? body : flawed(context, node, body, step.body, false, bound);
    return bound;
  },
  touched: (_step, bound) => [bound.id, ...(bound.changedIdTo ? [bound.changedIdTo] : [])],
  ...WRITE,
  names: () => 'id',
};

/**
 * An update body whose entries (addressed by id, §4.1 rule 5) carry each config object whole: whether a config sent in an update is merged into the stored
 * one or replaces it is open (NOT_ASKED object-in-update); sent whole, both give the same record.
 */
function withWholeEntryConfigs(body: Record<string, unknown>, record: StoredRecord | undefined): Record<string, unknown> {
  if (!record) return body;
  for (const list of ['actions', 'parameters', 'resources']) {
    const entries = body[list];
    const stored = record[list];
    if (!Array.isArray(entries) || !Array.isArray(stored)) continue;
    body[list] = entries.map((entry: unknown) => {
      const before: unknown = isObject(entry) ? stored.find((s: unknown) => isObject(s) && s['id'] === entry['id']) : undefined;
      return isObject(entry) && isObject(entry['config']) && isObject(before) && isObject(before['config'])
        ? { ...entry, config: { ...before['config'], ...entry['config'] } }
        : entry;
    });
  }
  return body;
}

/**
 * Delete (§4.1 delete): a record by id (with an optional where), by where on the base path — only on an index whose where was seen to filter (probeWhere)
 * —, and with --allow-destructive without where. What it removed is read back: the record, or the whole index.
 */
const deleteCommand: FuzzCommand<DeleteStep> = {
  generate: (g) => [
    { fields: { slot: g.slot, query: fc.option(g.query('delete'), { freq: 3, nil: undefined }) }, weight: 10 },
    { fields: { slot: fc.constant(undefined), query: g.query('delete-on-base') }, weight: 5 },
    ...(g.destructive ? [{ fields: { slot: fc.constant(undefined), query: fc.constant(undefined) }, weight: 2 }] : []),
  ],
  check: (step, target) => step.slot !== undefined || target.allowDestructive || target.whereTrusted.has(step.index),
  touched: (step, bound) => [step.slot === undefined ? undefined : bound.id],
  ...QUERY,
  names: (step) => (step.slot === undefined ? 'base' : 'record'),
};

/** The commands of the model runner, one per operation, in the order their steps are drawn. */
export const COMMANDS: { readonly [K in Op]: FuzzCommand<Extract<FuzzStep, { op: K }>> } = {
  create: createCommand,
  read: readCommand,
  update: updateCommand,
  delete: deleteCommand,
};

export const commandOf = <S extends FuzzStep>(step: S) => COMMANDS[step.op] as unknown as FuzzCommand<S>;

/** The hostile part of a step — its transport and flaw — as a key, or undefined for a step sent as the description asks. */
export function hostileKey(step: FuzzStep): string | undefined {
  const { auth, contentType, raw } = step.transport;
  const flaw = commandOf(step).sent(step)?.flaw?.kind;
  if (auth === 'valid' && contentType === 'json' && raw === 'normal' && flaw === undefined) return undefined;
  return `${step.op} ${step.index} ${auth}/${contentType}/${raw}/${flaw ?? '-'}`;
}

/** A step bound to ids: what goes to the target, what goes to the model (and the other model requests an open case allows), and what the judge needs. */
export interface BuiltStep extends JudgedRequest {
  operationId: string;
  index: IndexName;
  /** Human words: `update agent fz-…-a1 (id in the path; wrong JSON type at actions[0].status (0))`. */
  description: string;
  model: CoreRequest;
  alternatives: OpenAlternative[];
  /** Set on a create without id whose body carries the marker: the value to find the generated id by. */
  marker: string | undefined;
  /** A create without id whose body carries no marker (no body at all): a created record is found by reading the index. */
  createdWithoutMarker: boolean;
  changedIdTo: string | undefined;
}

/** Binds a step to the sequence's ids (its command does) and builds its requests: to the target with its transport, to the model with the model's token. */
export function buildStep(step: FuzzStep, context: BuildContext): BuiltStep {
  const command = commandOf(step);
  const bound = command.bind(step, context);
  const { id, pathId, json, flaw, hiddenNameBreak, changedIdTo, notes } = bound;
  const names = command.names(step);
  const transport = effectiveTransport(step.transport, names, json !== undefined, context.allowDestructive);
  const bytes = rawBody(json, transport.raw, step.slot ?? 0);
  // A create on {base} names its id (or the marker) only in its body: with no body, or one that is not a JSON object, a record it creates is found by reading
  // the index (faithful-answers empty-body-create).
  const createdWithoutMarker = step.op === 'create' && pathId === undefined && transport.raw !== 'normal' && !OPEN_RAW_KINDS.has(transport.raw);
  const marker = createdWithoutMarker ? undefined : bound.marker;
  const method = VERB[step.op];
  const path = recordPath(basePathOf(step.index), pathId);
  const authOf = (side: 'target' | 'model') => context.auth[side][transport.auth];
  const { query } = authOf('target');
  const target = { method, path: query ? `${path}?${query}` : path, headers: requestHeaders(transport.contentType, authOf('target')), body: bytes };
  const asModel = (body: unknown, contentType = transport.contentType, raw = transport.raw) =>
    toCoreRequest({ ...target, path, headers: requestHeaders(contentType, authOf('model')), body: rawBody(body, raw, step.slot ?? 0) });
  const hasBody = bytes !== undefined;
  const noSuchField = `${context.ids.otherId(step.index)}-field`;
  const alternatives = openAlternatives({ op: step.op, flaw, unbroken: bound.unbroken, sent: json, changedIdTo, transport, hasBody, asModel, noSuchField });
  const shapes = bound.node && json ? findOpenShapes(context.doc, context.spec, bound.node, json) : { extras: [], forms: [], spellings: [] };
  const openShapes = [...shapes.extras, ...shapes.forms, ...shapes.spellings];
  const site = { op: step.op, transport, hasBody, json, flaw, hiddenNameBreak, changedIdTo, openShapes: openShapes.length > 0 };
  if (transport.auth !== 'valid') notes.push(`token: ${transport.auth}`);
  if (transport.contentType !== 'json') notes.push(`Content-Type: ${target.headers['content-type'] ?? 'none'}`);
  if (transport.raw !== 'normal') notes.push(`body: ${transport.raw}`);
  const what = names === 'records' || names === 'base' ? `${step.index} records` : step.index;
  const subject = id ?? (marker ? `(marker ${marker})` : 'by query');
  const description = `${step.op} ${what} ${subject}${notes.length ? ` (${notes.join('; ')})` : ''}`;
  const operationId = operationIdFor(step.index, method, pathId !== undefined);
  const judged = { target, id, flaw, breaks: requestBreaks(site), hiddenNameBreak, openShapes, resyncAfter: OPEN_RAW_KINDS.has(transport.raw) };
  return { ...judged, operationId, index: step.index, description, model: asModel(json), alternatives, marker, createdWithoutMarker, changedIdTo };
}

/** The transport actually used: hostile changes that would be unsafe or meaningless here fall back to the normal one. */
function effectiveTransport(transport: Transport, names: ReturnType<FuzzCommand<FuzzStep>['names']>, hasBody: boolean, allowDestructive: boolean): Transport {
  const t = { ...transport };
  if (names === 'base' && !allowDestructive) return { auth: t.auth, contentType: 'json', raw: 'normal' };
  if (OPEN_RAW_KINDS.has(t.raw) && names !== 'id') t.raw = 'normal';
  if (!hasBody || t.raw === 'empty') t.contentType = 'json';
  return t;
}
