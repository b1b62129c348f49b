import { operationIdFor, type CoreRequest, type IndexName } from '../../server/core/index.js';
import { GENERATED_SLOT, VERB, type FuzzStep, type Transport } from './fuzz-step.js';
import { findOpenShapes } from './find-open-shapes.js';
import { basePathOf } from '../../target/run/schema-node.js';
import { openAlternatives, type OpenAlternative } from '../checks/open-alternatives.js';
import { OPEN_RAW_KINDS, requestBreaks, type JudgedRequest } from '../checks/judge-answer.js';
import { rawBody, recordPath, requestHeaders, toCoreRequest } from './wire-request.js';
import { commandOf, type BuildContext } from '../model/commands.js';

/** A step bound to ids: what goes to the target, what goes to the model, and what the judge needs to know of it. */
export interface BuiltStep extends JudgedRequest {
  operationId: string;
  index: IndexName;
  /** Human words: `update agent fz-…-a1 (id in the path; wrong JSON type at actions[0].status (0))`. */
  description: string;
  model: CoreRequest;
  /** Other model requests whose answer the target may give instead (an open case, with the reason). */
  alternatives: OpenAlternative[];
  /** Set on a create without id whose body carries the marker: the value to find the generated id by. */
  marker: string | undefined;
  /** A create without id whose body carries no marker (no body at all): a created record is found by reading the index. */
  createdWithoutMarker: boolean;
  changedIdTo: string | undefined;
}

/** Binds a step to the sequence's ids (its command does) and builds its requests: to the target with its transport, to the model with the model's token. */
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
  const target = {
    method,
    path: targetAuth.query ? `${path}?${targetAuth.query}` : path,
    headers: requestHeaders(transport.contentType, targetAuth),
    body: bytes,
  };
  const modelWire = { ...target, path, headers: requestHeaders(transport.contentType, authOf('model')) };
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
  const site = { op: step.op, transport, hasBody: bytes !== undefined, json, flaw, hiddenNameBreak, changedIdTo, openShapes: openShapes.length > 0 };
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
    breaks: requestBreaks(site),
    hiddenNameBreak,
    openShapes,
    resyncAfter: OPEN_RAW_KINDS.has(transport.raw),
    changedIdTo,
  };
}

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
