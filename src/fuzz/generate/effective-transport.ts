import { GENERATED_SLOT, JSON_CONTENT_TYPES, type FuzzStep, type FlawKind, type Transport } from './fuzz-step.js';

/** Raw bodies an implementation may accept or refuse (faithful-answers json-edge-values): the record is read back after them. */
export const OPEN_RAW_KINDS: ReadonlySet<string> = new Set(['deep-nesting', 'huge-number', 'invalid-utf8']);

/** The transport actually used: hostile changes that would be unsafe or meaningless here fall back to the normal one. */
export function effectiveTransport(step: FuzzStep, hasBody: boolean, context: { allowDestructive: boolean }): Transport {
  const t = { ...step.transport };
  const onBase = step.op === 'delete' && step.slot === undefined;
  if (onBase && !context.allowDestructive) return { auth: t.auth, contentType: 'json', raw: 'normal' };
  const knownId = step.op === 'update' || (step.op === 'create' && step.slot !== GENERATED_SLOT);
  if (OPEN_RAW_KINDS.has(t.raw) && !knownId) t.raw = 'normal';
  if (!hasBody || t.raw === 'empty') t.contentType = 'json';
  return t;
}

/** The hostile part of a step that names a failure: the transport when it is not the normal one, else the body's flaw. */
export function causeOf(transport: Transport, flaw: FlawKind | undefined): string | undefined {
  if (transport.auth !== 'valid') return `token-${transport.auth}`;
  if (transport.raw !== 'normal') return transport.raw;
  if (!JSON_CONTENT_TYPES.has(transport.contentType)) return `content-type-${transport.contentType}`;
  return flaw;
}
