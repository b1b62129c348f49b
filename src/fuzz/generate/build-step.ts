import {
  operationIdFor,
  type IndexName,
  type CoreRequest,
  type OpenApiDocument,
  type SpecValidator,
  type StoredRecord,
} from '../../reference-server/core/index.js';
import { leafUpdate } from './leaf-update.js';
import { applyFlaw, formatPath } from './flaw-sites.js';
import type { AuthMaterial } from './auth-table.js';
import {
  bindSlotExprs,
  GENERATED_SLOT,
  JSON_CONTENT_TYPES,
  VERB,
  type AuthKind,
  type FuzzStep,
  type FlawChoice,
  type FlawKind,
  type Transport,
} from './fuzz-step.js';
import { findOpenShapes } from './find-open-shapes.js';
import { basePathOf, componentSchema, recordBodyNode, type SchemaNode } from './schema-node.js';
import { openAlternatives, type OpenAlternative } from '../judge/open-alternatives.js';
import { rawBody, recordPath, requestHeaders, toCoreRequest, type WireRequest } from './wire-request.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import type { SequenceIds } from './sequence-ids.js';

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

/**
 * A rule the request breaks by itself (apart from what the records make of it: a taken or unknown
 * id). A request that breaks several may be answered for any one of them (faithful-answers
 * order-of-checks), so the judge needs the list.
 */
export type RequestBreak =
  | 'token'
  | 'media-type'
  | 'no-media-type'
  | 'not-json'
  | 'json-edge'
  | 'empty-body'
  | 'missing-field'
  | 'invalid-value'
  | 'invalid-query'
  | 'hidden-name-type'
  | 'open-shape'
  | 'id-change';

/** A step bound to ids: what goes to the target, what goes to the model, and how to judge it. */
export interface BuiltStep {
  operationId: string;
  index: IndexName;
  /** Human words: `update agent fz-…-a1 (id in the path; wrong JSON type at actions[0].status (0))`. */
  description: string;
  target: WireRequest;
  model: CoreRequest;
  /** Other model requests whose answer the target may give instead (an open case, with the reason). */
  alternatives: OpenAlternative[];
  /** The record id the step names (path or body), if any. */
  id: string | undefined;
  /** Set on a create without id whose body carries the marker: the value to find the generated id by. */
  marker: string | undefined;
  /** A create without id whose body carries no marker (no body at all): a created record is found by reading the index. */
  createdWithoutMarker: boolean;
  flaw: FlawKind | undefined;
  /** Every rule the request breaks by itself. */
  breaks: RequestBreak[];
  /** Where the flaw broke a field whose name the description hides (the target may store or refuse it). */
  hiddenNameBreak: string | undefined;
  /** What makes the step hostile — the token, media type or raw body, else the flaw — for grouping failures. */
  cause: string | undefined;
  /**
   * Shapes the target may refuse where the model stores them (find-open-shapes.ts): nested extra
   * and hidden-name fields (`actions[0].config.retries`), values in one of several allowed forms
   * (`resources[0].config.path|array`).
   */
  openShapes: string[];
  /** The target may accept what the model refuses (deep nesting, 1e400, invalid UTF-8): read the record back and adopt it. */
  resyncAfter: boolean;
  /** The id an update tried to set: no record may appear under it. */
  changedIdTo: string | undefined;
}

/** `where kind = "x", select name, id` — a query in words, for step descriptions. */
function describeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const equals = (query['where'] as { equals?: { target?: unknown; expr?: unknown } } | undefined)?.equals;
  if (equals) parts.push(`where ${String(equals.target)} = ${JSON.stringify(equals.expr)}`.slice(0, 80));
  if (Array.isArray(query['select'])) parts.push(`select ${query['select'].join(', ')}`.slice(0, 60));
  return parts.join(', ') || 'empty query';
}

/**
 * Binds a step to the sequence's ids and builds its requests. Bodies come from the step's
 * generated value, get their id or marker, then the chosen flaw; queries get their slot ids.
 */
export function buildStep(step: FuzzStep, context: BuildContext): BuiltStep {
  const { ids } = context;
  const node = step.op === 'create' || step.op === 'update' ? recordBodyNode(context.doc, step.index, step.op === 'create' ? 'post' : 'put') : undefined;
  const notes: string[] = [];
  let id: string | undefined;
  let pathId: string | undefined;
  let json: Record<string, unknown> | undefined;
  let unbroken: Record<string, unknown> | undefined;
  let marker: string | undefined;
  let flaw: FlawKind | undefined;
  let hiddenNameBreak: string | undefined;
  let changedIdTo: string | undefined;
  const addFlaw = (node: SchemaNode, value: Record<string, unknown>, choice: FlawChoice | undefined, allowMissing: boolean) => {
    const flawed = applyFlaw(node, value, choice, { doc: context.doc, spec: context.spec, allowMissing, keepTopLevel: ['id', MARKER_FIELDS.fuzz] });
    if (flawed.description) notes.push(flawed.description);
    flaw = flawed.site?.kind;
    hiddenNameBreak = flawed.site?.hiddenName ? formatPath(flawed.site.path) : undefined;
    return flawed.value as Record<string, unknown>;
  };
  if (step.op === 'create' || step.op === 'update') {
    let body: Record<string, unknown> = { ...step.body.value };
    let oneLeaf = false;
    if (step.op === 'create' && step.slot === GENERATED_SLOT) {
      marker = ids.nextMarker();
      body = { ...body, [MARKER_FIELDS.fuzz]: marker };
      notes.push('no id: the service generates it');
    } else {
      id = ids.slotId(step.index, step.slot);
      const changeId = step.op === 'update' && step.changeId;
      if (step.via === 'path' || changeId) pathId = id;
      const stored = step.op === 'update' ? context.recordOf?.(step.index, id) : undefined;
      const leaf = !changeId && step.op === 'update' && step.leaf !== undefined && stored ? leafUpdate(stored, step.leaf) : undefined;
      if (leaf) {
        body = leaf.body;
        oneLeaf = true;
        notes.push(`only ${leaf.description} changed`);
      } else if (step.op === 'update') {
        body = withWholeEntryConfigs(body, stored);
      }
      if (changeId) {
        changedIdTo = ids.otherId(step.index);
        body = { id: changedIdTo, ...body };
        notes.push(`id in the path, another in the body: tries to change the id to ${changedIdTo}`);
      } else if (step.via === 'body') body = { id, ...body };
      if (!changeId) notes.push(pathId ? 'id in the path' : 'id in the body');
    }
    unbroken = body;
    // A one-leaf change stays valid: its point is the change, not a broken rule.
    json = oneLeaf ? body : addFlaw(node!, body, step.body.flaw, step.op === 'create');
  } else {
    if (step.slot !== undefined) pathId = id = ids.slotId(step.index, step.slot);
    if (step.query) {
      unbroken = bindSlotExprs(step.query.value, (slot) => ids.slotId(step.index, slot));
      notes.push(describeQuery(unbroken));
      json = addFlaw(componentSchema(context.doc, 'Query'), unbroken, step.query.flaw, false);
    }
  }
  const transport = effectiveTransport(step, json !== undefined, context);
  const bytes = rawBody(json, transport.raw, step.slot ?? 0);
  // A create on {base} names its id (or the marker) only in its body: with no body, or one that is
  // not a JSON object, a record it creates is found by reading the index (faithful-answers empty-body-create).
  const createdWithoutMarker = step.op === 'create' && pathId === undefined && transport.raw !== 'normal' && !OPEN_RAW_KINDS.has(transport.raw);
  if (createdWithoutMarker) marker = undefined;
  const method = VERB[step.op];
  const path = recordPath(basePathOf(step.index), pathId);
  const authOf = (side: 'target' | 'model') => context.auth[side][transport.auth];
  const targetAuth = authOf('target');
  const target: WireRequest = {
    method,
    path: targetAuth.query ? `${path}?${targetAuth.query}` : path,
    headers: requestHeaders(transport.contentType, targetAuth),
    body: bytes,
  };
  const modelWire: WireRequest = { ...target, path, headers: requestHeaders(transport.contentType, authOf('model')) };
  const asModel = (body: unknown, contentType = transport.contentType, raw = transport.raw) =>
    toCoreRequest({ ...modelWire, headers: requestHeaders(contentType, authOf('model')), body: rawBody(body, raw, step.slot ?? 0) });
  const alternatives = openAlternatives({
    op: step.op,
    flaw,
    unbroken,
    sent: json,
    changedIdTo,
    transport,
    hasBody: bytes !== undefined,
    asModel,
    noSuchField: `${ids.otherId(step.index)}-field`,
  });
  const shapes = node && json ? findOpenShapes(context.doc, context.spec, node, json) : { extras: [], forms: [] };
  const openShapes = [...shapes.extras, ...shapes.forms];
  // The rules the request breaks by itself, from its transport, its body and its flaw.
  const breaks: RequestBreak[] = [];
  const writes = step.op === 'create' || step.op === 'update';
  if (transport.auth !== 'valid') breaks.push('token');
  if (bytes !== undefined && (transport.contentType === 'text-plain' || transport.contentType === 'form')) breaks.push('media-type');
  if (bytes !== undefined && transport.contentType === 'missing') breaks.push('no-media-type');
  if (transport.raw === 'malformed-json') breaks.push('not-json');
  // A scalar where a query object goes is a query that is not one (faithful-answers refusal-status).
  if (transport.raw === 'not-an-object') breaks.push(writes ? 'not-json' : 'invalid-query');
  if (OPEN_RAW_KINDS.has(transport.raw)) breaks.push('json-edge');
  if (transport.raw === 'empty' && writes) breaks.push('empty-body');
  if (transport.raw === 'normal' && flaw !== undefined) {
    if (flaw === 'missing') breaks.push('missing-field');
    else if (!writes) breaks.push('invalid-query');
    else breaks.push(hiddenNameBreak !== undefined ? 'hidden-name-type' : 'invalid-value');
  }
  if (changedIdTo !== undefined) breaks.push('id-change');
  if (openShapes.length > 0 && transport.raw === 'normal') breaks.push('open-shape');
  // An update whose body sets no field but the id is as open as one without a body (faithful-answers empty-body-update).
  if (step.op === 'update' && transport.raw === 'normal' && json && Object.keys(json).every((k) => k === 'id') && !breaks.includes('empty-body'))
    breaks.push('empty-body');
  if (transport.auth !== 'valid') notes.push(`token: ${transport.auth}`);
  if (transport.contentType !== 'json') notes.push(`Content-Type: ${target.headers['content-type'] ?? 'none'}`);
  if (transport.raw !== 'normal') notes.push(`body: ${transport.raw}`);
  const what = step.op === 'read' || (step.op === 'delete' && step.slot === undefined) ? `${step.index} records` : step.index;
  const subject = id ?? (marker ? `(marker ${marker})` : 'by query');
  return {
    operationId: operationIdFor(step.index, method, pathId !== undefined),
    index: step.index,
    description: `${step.op} ${what} ${subject}${notes.length ? ` (${notes.join('; ')})` : ''}`,
    target,
    model: toCoreRequest(modelWire),
    alternatives,
    id,
    marker,
    createdWithoutMarker,
    flaw,
    breaks,
    hiddenNameBreak,
    cause: causeOf(transport, flaw),
    openShapes,
    resyncAfter: OPEN_RAW_KINDS.has(transport.raw),
    changedIdTo,
  };
}

/** Raw bodies an implementation may accept or refuse (faithful-answers json-edge-values): the record is read back after them. */
const OPEN_RAW_KINDS: ReadonlySet<string> = new Set(['deep-nesting', 'huge-number', 'invalid-utf8']);

/** The transport actually used: hostile changes that would be unsafe or meaningless here fall back to the normal one. */
function effectiveTransport(step: FuzzStep, hasBody: boolean, context: { allowDestructive: boolean }): Transport {
  const t = { ...step.transport };
  const onBase = step.op === 'delete' && step.slot === undefined;
  if (onBase && !context.allowDestructive) return { auth: t.auth, contentType: 'json', raw: 'normal' };
  const knownId = step.op === 'update' || (step.op === 'create' && step.slot !== GENERATED_SLOT);
  if (OPEN_RAW_KINDS.has(t.raw) && !knownId) t.raw = 'normal';
  if (!hasBody || t.raw === 'empty') t.contentType = 'json';
  return t;
}

/** The hostile part of a step that names a failure: the transport when it is not the normal one, else the body's flaw. */
function causeOf(transport: Transport, flaw: FlawKind | undefined): string | undefined {
  if (transport.auth !== 'valid') return `token-${transport.auth}`;
  if (transport.raw !== 'normal') return transport.raw;
  if (!JSON_CONTENT_TYPES.has(transport.contentType)) return `content-type-${transport.contentType}`;
  return flaw;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An update body whose entries (addressed by id, §4.1 rule 5) carry each config object whole:
 * the fields of the stored config the update leaves alone are sent again. Whether a config sent
 * in an update is merged into the stored one or replaces it is open (NOT_ASKED object-in-update);
 * sent whole, both give the same record.
 */
function withWholeEntryConfigs(body: Record<string, unknown>, record: StoredRecord | undefined): Record<string, unknown> {
  if (!record) return body;
  const copy = { ...body };
  for (const list of ['actions', 'parameters', 'resources']) {
    const entries = copy[list];
    const stored = record[list];
    if (!Array.isArray(entries) || !Array.isArray(stored)) continue;
    copy[list] = entries.map((entry: unknown) => {
      if (!isObject(entry)) return entry;
      const before = stored.find((s: unknown) => typeof s === 'object' && s !== null && (s as { id?: unknown }).id === entry['id']) as
        | Record<string, unknown>
        | undefined;
      const config = entry['config'];
      const storedConfig = before?.['config'];
      return isObject(config) && isObject(storedConfig) ? { ...entry, config: { ...storedConfig, ...config } } : entry;
    });
  }
  return copy;
}
