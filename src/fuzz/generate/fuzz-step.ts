import type { IndexName } from '../../server/core/index.js';
import type { FlawChoice, FlawKind } from '../../contract/spec/flaw-sites.js';
import type { AuthKind } from '../../contract/auth-table.js';

export type { FlawChoice, FlawKind } from '../../contract/spec/flaw-sites.js';

/** One generated step, before it is bound to a sequence's ids: steps name record slots — 0 and 1 a run-prefixed id, 2 an id the service generates (§2 rule 3). */
export type FuzzStep = CreateStep | ReadStep | UpdateStep | DeleteStep;
export type Op = FuzzStep['op'];

/** Few slots per index, so steps meet the same records often. */
export const GENERATED_SLOT = 2;
export const SLOT_COUNT = 3;
/** A `where.equals.expr` that stands for the id of a slot (`@slot1`), bound when the step is built. */
export const SLOT_EXPR_PREFIX = '@slot';

/** A copy of a query whose `@slot<n>` exprs are replaced by what `to` makes of their slot: `{ expr: '@slot1' }` → `{ expr: 'fz-1-e1' }`. */
export function bindSlotExprs(query: Record<string, unknown>, to: (slot: number) => string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(query), (key, value: unknown) => {
    const slot = key === 'expr' && typeof value === 'string' && value.startsWith(SLOT_EXPR_PREFIX) ? Number(value.slice(SLOT_EXPR_PREFIX.length)) : Number.NaN;
    return Number.isInteger(slot) ? to(slot) : value;
  }) as Record<string, unknown>;
}

/** How the request travels: token, media type and raw body (`normal` = as the description asks). */
export type Transport = { auth: AuthKind; contentType: ContentTypeKind; raw: RawBodyKind };

/** Other spellings of application/json: a charset parameter, another letter case (§4.1; RFC 9110 section 8.3.1: letter case aside, parameters allowed). */
export const JSON_SPELLINGS = ['json-charset', 'json-charset-tight', 'json-upper'] as const;
export const HOSTILE_CONTENT_TYPES = ['missing', 'text-plain', 'form'] as const;
export type ContentTypeKind = 'json' | (typeof JSON_SPELLINGS)[number] | (typeof HOSTILE_CONTENT_TYPES)[number];

export const HOSTILE_RAW_KINDS = ['malformed-json', 'not-an-object', 'deep-nesting', 'huge-number', 'invalid-utf8', 'empty'] as const;
export type RawBodyKind = 'normal' | (typeof HOSTILE_RAW_KINDS)[number];

export type BodySpec = { value: Record<string, unknown>; flaw: FlawChoice | undefined };

type StepBase = { index: IndexName; transport: Transport };
/** A create names its id in the path (`POST {base}/{id}`) or in the body (`POST {base}`), or (the generated slot) none. */
export type CreateStep = StepBase & { op: 'create'; slot: number; via: 'path' | 'body'; body: BodySpec };
export type ReadStep = StepBase & { op: 'read'; slot: number | undefined; query: BodySpec | undefined };
/**
 * `changeId`: another run id in the body than in the path (§2 rule 1: id is readonly). `leaf`: instead of the generated body, exactly one scalar leaf of the
 * record as it stands changed (this one, modulo their number: leaf-update.ts).
 */
export type UpdateStep = StepBase & { op: 'update'; slot: number; via: 'path' | 'body'; body: BodySpec; changeId: boolean; leaf?: number | undefined };
/** A slot deleted by id (with an optional where), or none: on the base path, by where (or, with --allow-destructive, without). */
export type DeleteStep = StepBase & { op: 'delete'; slot: number | undefined; query: BodySpec | undefined };

export const VERB = { create: 'POST', read: 'GET', update: 'PUT', delete: 'DELETE' } as const;

export const NORMAL_TRANSPORT: Transport = { auth: 'valid', contentType: 'json', raw: 'normal' };

/** Steps as probes, bulks and groups write them. */
export const createStep = (
  index: IndexName,
  slot: number,
  value: Record<string, unknown>,
  via: 'path' | 'body' = 'path',
  extra: Partial<Pick<CreateStep, 'transport' | 'body'>> = {},
): FuzzStep => ({ op: 'create', index, transport: NORMAL_TRANSPORT, slot, via, body: { value, flaw: undefined }, ...extra });
export const updateStep = (
  index: IndexName,
  slot: number,
  value: Record<string, unknown>,
  extra: { transport?: Transport; flaw?: { kind: FlawKind; pick: number }; leaf?: number; via?: 'path' | 'body' } = {},
): FuzzStep => {
  const body = { value, flaw: extra.flaw ? { ...extra.flaw, variant: 0 } : undefined };
  return { op: 'update', index, transport: extra.transport ?? NORMAL_TRANSPORT, slot, via: extra.via ?? 'path', body, changeId: false, leaf: extra.leaf };
};
const onRecords =
  (op: 'read' | 'delete') =>
  (index: IndexName, slot: number | undefined, q?: Record<string, unknown>, transport: Transport = NORMAL_TRANSPORT): FuzzStep => {
    return { op, index, transport, slot, query: q ? { value: q, flaw: undefined } : undefined };
  };
export const readStep = onRecords('read');
export const deleteStep = onRecords('delete');
