import type { CoreRequest } from '../reference-server/core/core-types.js';
import type { MutationKind, Transport } from './fuzz-step.js';

/** A model request whose answer the target may give instead of the model's first answer. */
export interface OpenAlternative {
  why: string;
  request: CoreRequest;
}

/** What {@link openAlternatives} looks at: the body as sent and before its mutation. */
export interface AlternativeInput {
  op: 'create' | 'read' | 'update' | 'delete';
  mutation: MutationKind | undefined;
  /** The body before the mutation (ids bound). */
  unbroken: Record<string, unknown> | undefined;
  /** The body as sent. */
  sent: Record<string, unknown> | undefined;
  changedIdTo: string | undefined;
  transport: Transport;
  hasBody: boolean;
  /** The model request for another body (and Content-Type, and raw form). */
  asModel(body: unknown, contentType?: Transport['contentType'], raw?: Transport['raw']): CoreRequest;
  /** A field name no record has. */
  noSuchField: string;
}

/**
 * The other answers an open case allows, as model requests (src/conformance/faithful-answers.ts):
 * an unknown query member ignored (unknown-query-member); an empty select name selecting nothing
 * and an empty where target matching nothing (empty-field-name); an id change ignored
 * (id-change); a body without Content-Type read as JSON (body-without-content-type); a create
 * without a body taken as a create of an empty record (empty-body-create).
 */
export function openAlternatives(input: AlternativeInput): OpenAlternative[] {
  const alternatives: OpenAlternative[] = [];
  const query = input.op === 'read' || input.op === 'delete';
  if (query && input.mutation === 'unknown-member') alternatives.push({ why: 'an unknown query member may be ignored', request: input.asModel(input.unbroken) });
  if (query && input.mutation === 'too-short' && input.sent) {
    const copy = JSON.parse(JSON.stringify(input.sent)) as { select?: unknown[]; where?: { equals?: { target?: unknown } } };
    if (Array.isArray(copy.select)) copy.select = copy.select.filter((name) => name !== '');
    if (copy.where?.equals?.target === '') copy.where.equals.target = input.noSuchField;
    alternatives.push({ why: 'an empty field name may name no field', request: input.asModel(copy) });
  }
  if (input.changedIdTo !== undefined && input.sent) {
    const { id: _ignored, ...withoutId } = input.sent;
    alternatives.push({ why: 'an id change may be ignored (the id stays)', request: input.asModel(withoutId) });
  }
  if (input.op === 'create' && input.transport.raw === 'empty') {
    alternatives.push({ why: 'a create without a body may create the record the path names, or one with a generated id', request: input.asModel({}, 'json', 'normal') });
  }
  if (input.transport.contentType === 'missing' && input.hasBody) {
    alternatives.push({ why: 'a body without Content-Type may be read as JSON', request: input.asModel(input.sent, 'json') });
  }
  return alternatives;
}
