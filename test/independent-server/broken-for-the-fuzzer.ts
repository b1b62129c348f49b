import { NOT_ASKED } from '../../src/contract/faithful-answers.js';

/**
 * The broken switches (VARIANTS) of server.mjs that `mgmt-kit fuzz` must catch (exit 1). The fast
 * cases run in fuzz-independent.test.ts; `npm run fuzz:sweep` runs every one with many sequences.
 */
export const BROKEN_FOR_THE_FUZZER: readonly string[] = [
  'alg-none',
  'const-id',
  'delete-404-removes',
  'err-object',
  'infinity-out',
  'lenient-missing-id',
  'malformed-500',
  'name-any-type',
  'no-properties',
  'no-types',
  'reason-lower',
  'replace-entry',
  'select-ignored-by-id',
  'shallow-compare',
  'strip-nested',
  'upd-unknown-404',
  'update-replaces',
  'where-ignored',
  // ---- realistic data (issue 26 part 1): bulks, id styles, real text and numbers, JSON spellings, wrong types on update ----
  'page-read-all-100',
  'page-where-50',
  'delete-where-first-page',
  'ids-case-insensitive',
  'ids-nfc',
  'ids-trimmed',
  'path-plus-as-space',
  'path-double-decoded',
  'path-not-decoded',
  'strip-empty',
  'drop-empty-lists',
  'latin1-text',
  'float32-numbers',
  'flatten-nested',
  'ct-params-415',
  'ct-case-sensitive',
  'types-on-create-only',
  'types-top-level-only',
  'enums-on-create-only',
  // ---- end of realistic data ----
  // ---- classes of issue 36 point 5: typed text, long strings, where words, JWT spellings, JSON types in updates ----
  'datetime-reformatted',
  'date-only-reformatted',
  'numeric-text-as-number',
  'truncate-255',
  'truncate-utf8-4000',
  'truncate-65535',
  'where-word-match',
  'where-accent-folding',
  'where-punctuation-folding',
  'jwt-empty-key',
  'alg-none-any-case',
  'alg-lowercase-unchecked',
  'loose-compare',
  'number-bool-equal',
  // Found before the sequences by the long-id probe (src/fuzz/run/probe-store-limits.ts).
  'ids-truncated-255',
  'ids-truncated-512-bytes',
  // Found before the sequences by the delete-all probe (src/fuzz/run/probe-store-limits.ts): only with --allow-destructive (NEEDS_DESTRUCTIVE).
  'delete-all-first-page',
  'delete-all-first-10',
  // ---- end of the classes of issue 36 point 5 ----
  // ---- issue 36 point 3: values a target may refuse (nul-character, number-range), mishandled ----
  'nul-dropped',
  'edge-numbers-500',
];

/**
 * The switches (broken or faithful) the fuzzer judges only with --allow-destructive: a delete without a query. The sweeps give these, and only these, the
 * consent (other switches keep their runs, and per seed the sequences they generate, as they were).
 */
export const NEEDS_DESTRUCTIVE: ReadonlySet<string> = new Set(['delete-all-first-page', 'delete-all-first-10', 'delete-all-batched']);

/** Whether a run against these switches passes --allow-destructive. */
export const destructiveFor = (switches: readonly string[]): boolean => switches.some((s) => NEEDS_DESTRUCTIVE.has(s));

/** Broken switches the fuzzer does not send the request for, and why (the suite catches them). */
export const NOT_GENERATED_BY_THE_FUZZER: Readonly<Record<string, string>> = {
  'no-nested-id': NOT_ASKED['entry-without-id-by-fuzz'].why,
};
