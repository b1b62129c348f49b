import type { AllowanceId, NOT_ASKED } from '../../src/contract/faithful-answers.js';

/** An allowance, or an open point neither the suite nor the fuzzer asks about (the switch proves they do not). */
export type OpenPoint = AllowanceId | keyof typeof NOT_ASKED;

/**
 * Every faithful switch (VARIANTS) of server.mjs and the allowances of
 * src/contract/faithful-answers.ts it exercises: another choice where the service
 * description leaves one open, on which the suite and `mgmt-kit fuzz` must both pass.
 */
export const FAITHFUL_SWITCHES: Readonly<Record<string, readonly OpenPoint[]>> = {
  'delete-item-ok': ['delete-envelope', 'reason-phrase'],
  'drop-null-fields': ['null-field-on-create'],
  'dup-period': ['duplicate-id-message'],
  'empty-create-201': ['empty-body-create'],
  'empty-create-refused': ['empty-body-create'],
  'empty-index-200': ['empty-index-read'],
  'empty-index-404': ['empty-index-read'],
  'empty-patch-204': ['empty-body-update'],
  'empty-update-304': ['empty-body-update'],
  'empty-update-refused': ['empty-body-update'],
  'entries-sorted': ['entry-order'],
  'entry-ids-generated': ['entry-without-id'],
  'envelope-extras': ['envelope-extra-fields'],
  'equals-any-element': ['where-on-list'],
  'equals-by-value': ['where-on-non-string'],
  'equals-strings-only': ['where-on-non-string'],
  'err404-false': ['error-envelope-content'],
  'error-bodies-absent': ['error-envelope-content'],
  'ignore-id-change': ['id-change'],
  'ignore-unknown-query-member': ['unknown-query-member'],
  'lenient-ct': ['body-without-content-type'],
  'missing-field-plural': ['missing-field-name'],
  'msg-noid': ['message-wording'],
  'nested-extras-refused': ['nested-extra-fields'],
  'no-ct-bodyless': ['bodyless-content-type'],
  'no415-delete': ['body-without-content-type'],
  'preload-names': ['preloaded-link-types'],
  'query-refusal-404': ['refusal-status'],
  'read-nothing-204': ['read-finds-nothing'],
  'refuse-400': ['refusal-status'],
  'refuse-422': ['refusal-status'],
  'replace-entry-config': ['object-in-update'],
  'require-iss': ['token-contents'],
  'resource-path-as-list': ['resource-config-path'],
  'select-absent-null': ['select-absent-field'],
  'select-adds-id': ['select-adds-id'],
  'strict-ct': ['body-without-content-type'],
  'strict-json': ['json-edge-values'],
  'typed-hidden-names': ['hidden-name-fields'],
  'upd-unknown-204': ['update-unknown-id'],
  'upd-unknown-400': ['update-unknown-id'],
  'upd-unknown-406': ['update-unknown-id'],
  'validate-first': ['order-of-checks'],
  // ---- realistic data (issue 26 part 1) ----
  'slash-id-unroutable': ['slash-in-id'],
  // JSON text spelled otherwise (object keys sorted, \u escapes) is the same JSON: no open point, a proof the suite compares values.
  'jsonb-like': [],
  // Only UTF-8 bodies are sent, so a target that refuses another charset is not asked about it.
  'charset-utf8-only': [],
  'schema-propeties-only': ['config-schema-spelling'],
  'schema-properties-only': ['config-schema-spelling'],
  // ---- classes of issue 36 point 5 ----
  // Numbers spelled otherwise (1e3, 5e-1; 1.0 kept as sent and compared by value) are the same JSON values: a proof the suite compares values.
  'numbers-exponent-form': [],
  'numbers-by-value': [],
  'long-values-refused': ['value-size-limit'],
  'long-ids-refused': ['id-length-limit'],
  // ---- issue 36 point 3: open choices the generators draw ----
  'nul-refused': ['nul-character'],
  'edge-numbers-refused': ['number-range'],
  // Batches of 100 until the index is empty: the outcome of a delete without a body, reached otherwise.
  'delete-all-batched': [],
  'alg-case-insensitive': ['token-algorithm-case'],
  'alg-strict': ['token-algorithm-case'],
};

/**
 * What server.mjs chooses with no switch, where that differs from the kit's reference server
 * (which the fuzzer's model is): each is exercised by the profile without switches.
 */
export const AS_WRITTEN: readonly AllowanceId[] = [
  'generated-id-format', // evt_000001, not a UUID
  'record-order', // newest first
  'message-wording', // "Event e1 has been created"
  'reason-phrase', // "Unprocessable Entity", the RFC 7231 spelling
  'error-envelope-content', // 401 without a body
  'update-unknown-id', // 422
  'id-change', // refused with 422
  'empty-index-read', // 204
  'empty-field-name', // an empty select name selects nothing, an empty where target matches nothing
  'json-edge-values', // deep nesting, 1e400 (stored as null) and bytes that are not UTF-8 are taken
  'order-of-checks', // the id is looked at before the body's values
  'not-modified-body', // a 304 without body
  'empty-body-create', // 204
  'empty-body-update', // 204
  'hidden-name-fields', // kept as extra fields of any type
];

/** The claims the tokens must carry for a server with these switches (require-iss: iss=mgmt). */
export function jwtClaimsFor(switches: readonly string[]): Record<string, unknown> | undefined {
  return switches.includes('require-iss') ? { iss: 'mgmt' } : undefined;
}

/** Faithful switches that go together; each profile is one server the suite and the fuzzer run against. */
export interface FaithfulProfile {
  name: string;
  switches: readonly string[];
  /** Claims the tokens must carry (require-iss). */
  jwtClaims?: Record<string, unknown>;
}

export const FAITHFUL_PROFILES: readonly FaithfulProfile[] = [
  { name: 'as written', switches: [] },
  {
    name: 'lenient',
    switches: [
      'validate-first',
      'empty-create-201',
      'empty-update-304',
      'typed-hidden-names',
      'empty-index-404',
      'ignore-id-change',
      'lenient-ct',
      'ignore-unknown-query-member',
      'select-adds-id',
      'entries-sorted',
      'delete-item-ok',
      'dup-period',
      'msg-noid',
      'err404-false',
      'upd-unknown-204',
      'refuse-400',
      'missing-field-plural',
      'no-ct-bodyless',
      'equals-by-value',
      'jsonb-like',
      'numbers-exponent-form',
      'delete-all-batched',
      'alg-case-insensitive',
    ],
  },
  {
    name: 'strict',
    switches: [
      'replace-entry-config',
      'drop-null-fields',
      'empty-patch-204',
      'empty-create-refused',
      'empty-update-refused',
      'read-nothing-204',
      'upd-unknown-400',
      'refuse-422',
      'nested-extras-refused',
      'entry-ids-generated',
      'envelope-extras',
      'error-bodies-absent',
      'query-refusal-404',
      'resource-path-as-list',
      'strict-json',
      'no415-delete',
      'preload-names',
      'equals-any-element',
      'select-absent-null',
      'slash-id-unroutable',
      'charset-utf8-only',
      'schema-propeties-only',
      'long-values-refused',
      'long-ids-refused',
      'alg-strict',
    ],
  },
  {
    name: 'typed',
    switches: [
      'equals-strings-only',
      'empty-index-200',
      'upd-unknown-406',
      'strict-ct',
      'typed-hidden-names',
      'nested-extras-refused',
      'validate-first',
      'read-nothing-204',
      'select-adds-id',
      'require-iss',
      'schema-properties-only',
      'numbers-by-value',
    ],
    jwtClaims: { iss: 'mgmt' },
  },
  {
    name: 'sized and strict tokens',
    switches: ['long-values-refused', 'long-ids-refused', 'nul-refused', 'edge-numbers-refused', 'numbers-by-value', 'delete-all-batched', 'alg-strict'],
  },
  { name: 'other spellings', switches: ['numbers-exponent-form', 'alg-case-insensitive'] },
];
