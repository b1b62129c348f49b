import fc from 'fast-check';
import { EDGE_NUMBERS, NUL } from '../../contract/faithful-answers.js';

/** The words generated values are drawn from: a small shared vocabulary makes records collide on purpose, so wheres, entry ids and selects meet. */
export interface Vocabulary {
  fieldNames: readonly string[];
  /** String values that embed the run prefix: the only `expr` a delete on the base path may carry. */
  taggedValues: readonly string[];
  entryIds: readonly string[];
}

/**
 * Never a dot: a dotted `where` target descends into objects in the kit but not elsewhere (x-decisions where-equals), so it would only make noise.
 * `__proto__`, `constructor` and `prototype` are names like any other (§2 rule 4; docs/open-points.md).
 */
const FIELD_NAMES = ['kind', 'severity', 'source', 'note', 'größe', '名前', 'with space', 'type_id', '__proto__', 'constructor', 'prototype'];

/** The vocabulary of one run; tagged values carry the run prefix so they never match foreign records. */
export function createVocabulary(runPrefix: string): Vocabulary {
  return {
    fieldNames: FIELD_NAMES,
    taggedValues: [0, 1, 2].map((i) => `${runPrefix}v${i}`),
    entryIds: ['e1', 'e2', 'e3'],
  };
}

/** U+0000 among them: the judge takes a refusal of it (nul-character). */
const controlChars = fc.string({
  unit: fc.oneof(
    fc.constant(NUL),
    fc.integer({ min: 1, max: 0x1f }).map((c) => String.fromCharCode(c)),
  ),
  minLength: 1,
  maxLength: 4,
});

/**
 * Text as real records hold it, which must be stored as sent (§2 rule 4): scripts, emoji outside the BMP, quotes, a decomposed accent, line breaks, and text
 * a store may type by its look (a date-time, a decimal with its zeros). The first is several words: where.equals must match it whole.
 */
export const REAL_TEXT: readonly string[] = [
  'Größe – café, naïve',
  '東京の回線 서울',
  '🚀 👩🏽‍💻 🇫🇷 𝄞',
  'say "hi" to C:\\temp\\new',
  'cafe\u0301',
  'one\ntwo\tthree',
  '</script>',
  '2026-11-28T10:00:00+01:00',
  '2026-11-28',
  '0042',
  '1.50',
];

/** Longer than the columns stores commonly give a string: varchar(255), 4000 bytes of UTF-8, a TEXT column's 65535 bytes. */
export const LONG_TEXT: readonly string[] = [
  longText('abcdefghijklmnopqrstuvwxyz0123456789', 300),
  longText('éüßçñøåœ', 2100),
  longText('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 70_000),
];

/** `length` letters of `alphabet` in turn, so a cut anywhere shows. */
function longText(alphabet: string, length: number): string {
  const letters = [...alphabet];
  return Array.from({ length }, (_, i) => letters[i % letters.length]).join('');
}

export function stringValue(vocabulary: Vocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...vocabulary.taggedValues), weight: 4 },
    { arbitrary: fc.constantFrom('link-down', 'link-up', 'major', ''), weight: 2 },
    { arbitrary: fc.constantFrom(...REAL_TEXT), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }), weight: 1 },
    { arbitrary: controlChars, weight: 1 },
    { arbitrary: fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 2000, maxLength: 4000 }), fc.constantFrom(...LONG_TEXT)), weight: 1 },
  );
}

/** Numbers at the edges of what JSON and doubles carry (never NaN or Infinity); the judge takes a refusal of those beyond a float's range (number-range). */
export function numberValue(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 - 1, -(2 ** 53 - 1), ...EDGE_NUMBERS, 0.1, 1e21, 1e-7),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

export function scalarValue(vocabulary: Vocabulary, withNull: boolean): fc.Arbitrary<unknown> {
  const scalars: Array<fc.Arbitrary<unknown>> = [stringValue(vocabulary), numberValue(), fc.boolean()];
  if (withNull) scalars.push(fc.constant(null));
  return fc.oneof(...scalars);
}

/**
 * The value of an extra field: on create any JSON value two levels deep (null only in a list), on update only scalars and lists of them — merge or replace
 * of an object, and null stored or absent, are open (NOT_ASKED in src/contract/faithful-answers.ts): the fuzzer never asks.
 */
export function extraValue(vocabulary: Vocabulary, mode: 'create' | 'update'): fc.Arbitrary<unknown> {
  const scalar = scalarValue(vocabulary, false);
  const list = fc.array(scalarValue(vocabulary, mode === 'create'), { maxLength: 3 });
  if (mode === 'update') return fc.oneof({ arbitrary: scalar, weight: 3 }, { arbitrary: list, weight: 1 });
  const object = fc.array(fc.tuple(fc.constantFrom(...vocabulary.fieldNames), scalar), { maxLength: 3 }).map(objectFromEntries);
  return fc.oneof({ arbitrary: scalar, weight: 4 }, { arbitrary: list, weight: 1 }, { arbitrary: object, weight: 1 });
}

/** `Object.fromEntries` defines `__proto__` as an own field, as `JSON.parse` does on the server. */
export function objectFromEntries(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  return Object.fromEntries(entries) as Record<string, unknown>;
}
