import { operationIdFor, type CoreRequest, type IndexName } from '../../server/core/index.js';
import { GENERATED_SLOT, VERB, type FlawKind, type FuzzStep, type Transport } from './fuzz-step.js';
import { findOpenShapes } from './find-open-shapes.js';
import { basePathOf } from '../../target/run/schema-node.js';
import { openAlternatives, type OpenAlternative } from '../checks/open-alternatives.js';
import { rawBody, recordPath, requestHeaders, toCoreRequest, type WireRequest } from './wire-request.js';
import { commandOf } from '../model/commands/command-table.js';
import type { BuildContext } from '../model/commands/fuzz-command.js';

/**
 * A rule the request breaks by itself (apart from what the records make of it: a taken or unknown id). A request that breaks several may be answered for any
 * one of them (faithful-answers order-of-checks), so the judge needs the list.
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
  /** Shapes the target may refuse where the model stores them (find-open-shapes.ts): `actions[0].config.retries`, `resources[0].config.path|array`, `parameters[0].config.schema=propeties`. */
  openShapes: string[];
  /** The target may accept what the model refuses (deep nesting, 1e400, invalid UTF-8): read the record back and adopt it. */
  resyncAfter: boolean;
  /** The id an update tried to set: no record may appear under it. */
  changedIdTo: string | undefined;
}

/**
 * Binds a step to the sequence's ids (its command does: model/commands) and builds its requests — to the target with its transport, to the model with the
 * model's token — with the open alternatives, the open shapes and the rules the request breaks by itself, which the judge needs.
 */
export function buildStep(step: FuzzStep, context: BuildContext): BuiltStep {
  const { ids } = context;
  const bound = commandOf(step).bind(step, context);
  const { id, pathId, json, unbroken, flaw, hiddenNameBreak, changedIdTo, notes } = bound;
  let { marker } = bound;
  const transport = effectiveTransport(step, json !== undefined, context);
  const bytes = rawBody(json, transport.raw, step.slot ?? 0);
  // A create on {base} names its id (or the marker) only in its body: with no body, or one that is not a JSON object, a record it creates is found by reading
  // the index (faithful-answers empty-body-create).
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
  const shapes = bound.node && json ? findOpenShapes(context.doc, context.spec, bound.node, json) : { extras: [], forms: [], spellings: [] };
  const openShapes = [...shapes.extras, ...shapes.forms, ...shapes.spellings];
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
