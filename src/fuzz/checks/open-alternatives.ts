import type { CoreRequest } from '../../server/core/index.js';
import type { FlawKind, Transport } from '../generate/fuzz-step.js';

/** A model request whose answer the target may give instead of the model's first answer. */
export type OpenAlternative = { why: string; request: CoreRequest };

/** What {@link openAlternatives} looks at: the body as sent and before its flaw. */
export interface AlternativeInput {
  op: 'create' | 'read' | 'update' | 'delete';
  flaw: FlawKind | undefined;
  unbroken: Record<string, unknown> | undefined;
  sent: Record<string, unknown> | undefined;
  changedIdTo: string | undefined;
  transport: Transport;
  hasBody: boolean;
  /** The model request for another body (and Content-Type, and raw form). */
  asModel(body: unknown, contentType?: Transport['contentType'], raw?: Transport['raw']): CoreRequest;
  /** A field name no record has. */
  noSuchField: string;
}

type ModelInput = { body: unknown; contentType: Transport['contentType']; raw: Transport['raw'] };

/**
 * The other answers the open choices of a request allow, as model requests: an unknown query member ignored, an empty field name naming nothing, an id change
 * ignored, a create without a body as one of an empty record, a body without Content-Type read as JSON — and every combination: a target may make several.
 */
export function openAlternatives(input: AlternativeInput): OpenAlternative[] {
  const query = input.op === 'read' || input.op === 'delete';
  const choices = [
    query && input.flaw === 'unknown-member' && { why: 'an unknown query member may be ignored', apply: (r: ModelInput) => ({ ...r, body: input.unbroken }) },
    query &&
      input.flaw === 'too-short' && {
        why: 'an empty field name may name no field',
        apply: (r: ModelInput) => {
          const copy = JSON.parse(JSON.stringify(r.body ?? {})) as { select?: unknown[]; where?: { equals?: { target?: unknown } } };
          if (Array.isArray(copy.select)) copy.select = copy.select.filter((name) => name !== '');
          if (copy.where?.equals?.target === '') copy.where.equals.target = input.noSuchField;
          return { ...r, body: copy };
        },
      },
    input.changedIdTo !== undefined && {
      why: 'an id change may be ignored (the id stays)',
      apply: (r: ModelInput) => {
        const { id: _ignored, ...withoutId } = (r.body ?? {}) as Record<string, unknown>;
        return { ...r, body: withoutId };
      },
    },
    input.op === 'create' &&
      input.transport.raw === 'empty' && {
        why: 'a create without a body may create the record the path names, or one with a generated id',
        apply: (r: ModelInput): ModelInput => ({ ...r, body: {}, contentType: 'json', raw: 'normal' }),
      },
    input.transport.contentType === 'missing' &&
      input.hasBody && { why: 'a body without Content-Type may be read as JSON', apply: (r: ModelInput): ModelInput => ({ ...r, contentType: 'json' }) },
  ].filter((choice) => choice !== false);
  const alternatives: OpenAlternative[] = [];
  for (let mask = 1; mask < 1 << choices.length; mask++) {
    const picked = choices.filter((_, i) => mask & (1 << i));
    const start: ModelInput = { body: input.sent, contentType: input.transport.contentType, raw: input.transport.raw };
    const request = picked.reduce((r, choice) => choice.apply(r), start);
    alternatives.push({ why: picked.map((c) => c.why).join('; '), request: input.asModel(request.body, request.contentType, request.raw) });
  }
  return alternatives;
}
