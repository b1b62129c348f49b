import { NOT_ASKED } from '../../src/conformance/faithful-answers.js';

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
];

/** Broken switches the fuzzer does not send the request for, and why (the suite catches them). */
export const NOT_GENERATED_BY_THE_FUZZER: Readonly<Record<string, string>> = {
  'no-nested-id': NOT_ASKED['entry-without-id-by-fuzz'].why,
};
