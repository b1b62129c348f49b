import type { IndexName } from '../../reference-server/core/index.js';

/**
 * One generated step of a fuzz sequence, before it is bound to the ids of a run. Steps name
 * record *slots* instead of ids: slots 0 and 1 hold a run-prefixed id, slot 2 a record created
 * without id (the service generates it, §2 rule 3). `buildStep` turns a step into the
 * bytes sent to the target and to the model.
 */
export type FuzzStep = CreateStep | ReadStep | UpdateStep | DeleteStep;

/** The slot whose record is created without an id (its id is learned from the target). */
export const GENERATED_SLOT = 2;
/** Slots per index in one sequence: few, so steps meet the same records often. */
export const SLOT_COUNT = 3;

/** A flaw picked at generation time and applied to the built body (see `listFlawSites`). */
export interface FlawChoice {
  kind: FlawKind;
  /** Which site of that kind (modulo the number of sites the body offers). */
  pick: number;
  /** Which replacement value (modulo the candidates of the site). */
  variant: number;
}

/** How a body breaks its schema: each derived from the spec's schema, never hand-written. */
export type FlawKind = 'missing' | 'wrong-type' | 'bad-enum' | 'too-short' | 'unknown-member';

/** How the request travels: token, media type and raw body (`normal` = as the description asks). */
export interface Transport {
  auth: AuthKind;
  contentType: ContentTypeKind;
  raw: RawBodyKind;
}

/** Tokens and headers that must all fail authentication (§5), and the valid one. */
export type AuthKind =
  | 'valid'
  | 'missing'
  | 'malformed'
  | 'alg-none'
  | 'foreign-secret'
  | 'rs256-header'
  | 'hs512'
  | 'expired'
  | 'not-yet-valid'
  | 'basic-scheme'
  | 'in-query-string';

/** The request Content-Type: JSON (four spellings: a charset parameter, another letter case), none, or another media type. */
export type ContentTypeKind = 'json' | 'json-charset' | 'json-charset-tight' | 'json-upper' | 'missing' | 'text-plain' | 'form';

/** The spellings of application/json (§4.1; RFC 9110 section 8.3.1: letter case aside, parameters allowed). */
export const JSON_CONTENT_TYPES: ReadonlySet<ContentTypeKind> = new Set(['json', 'json-charset', 'json-charset-tight', 'json-upper']);

/** The body as built, or a hostile replacement of it. */
export type RawBodyKind = 'normal' | 'malformed-json' | 'not-an-object' | 'deep-nesting' | 'huge-number' | 'invalid-utf8' | 'empty';

/** A generated record or patch plus the optional flaw that breaks it. */
export interface BodySpec {
  value: Record<string, unknown>;
  flaw: FlawChoice | undefined;
}

/** A query body: select and where as generated from the spec's Query schema (ids bound later). */
export interface QuerySpec {
  value: Record<string, unknown>;
  flaw: FlawChoice | undefined;
}

interface StepBase {
  index: IndexName;
  transport: Transport;
}

export interface CreateStep extends StepBase {
  op: 'create';
  slot: number;
  /** Id in the path (`POST {base}/{id}`) or in the body (`POST {base}`). */
  via: 'path' | 'body';
  body: BodySpec;
}

export interface ReadStep extends StepBase {
  op: 'read';
  /** A slot read by id, or the whole index. */
  slot: number | undefined;
  query: QuerySpec | undefined;
}

export interface UpdateStep extends StepBase {
  op: 'update';
  slot: number;
  via: 'path' | 'body';
  body: BodySpec;
  /** Send another run id in the body than in the path (§2 rule 1: id is readonly). */
  changeId: boolean;
  /**
   * Instead of the generated body, change exactly one scalar leaf (this one, modulo their number)
   * of the record as it stands, at any depth (leaf-update.ts): change detection must see it.
   */
  leaf?: number | undefined;
}

export interface DeleteStep extends StepBase {
  op: 'delete';
  /** A slot deleted by id (with an optional where), or `undefined`: by where on the base path. */
  slot: number | undefined;
  query: QuerySpec | undefined;
}

/** The transport every step uses unless a hostile one was drawn. */
export const NORMAL_TRANSPORT: Transport = { auth: 'valid', contentType: 'json', raw: 'normal' };
