import { NEW_CLASSES_SELECTION, REALISTIC_DATA_TAGS, WITHOUT_REALISTIC_DATA } from '../self-check/realistic-data-tags.js';
import { scenariosTagged } from '../self-check/scenarios-tagged.js';
import { CONCURRENCY_FAILURES } from './concurrency-failures.js';

/** A deviation of the independent server that breaks one rule of the description, and what the suite must catch. */
export interface BrokenSwitch {
  /** The rule of the description the variant violates (shown in the test name). */
  breaks: string;
  /**
   * The scenarios it must fail, as a cucumber tag expression over the features' tags: the rule it
   * breaks (`@rule.<id>`) or the class of check it defeats (`@check.<class>`).
   */
  fails: string;
  /** The scenarios the run selects (a tag expression); default: all but the realistic-data ones. */
  tags?: string;
}

/** A switch with the scenarios its run selects and those it must fail there — exactly these, no more, no fewer. */
export interface BrokenVariantExpectation extends BrokenSwitch {
  /** The tag expression the run selects, and-ed with the core profile. */
  selected: string;
  failures: string[];
}

/**
 * The broken VARIANTS switches of test/independent-server/server.mjs and the scenarios each must
 * fail (independent-server.test.ts; profile core, allowDestructive, jwtSecret set). Each
 * expression was checked against real runs, each failure read and checked to be the rule the
 * variant breaks. When a scenario joins or leaves a tag the test names the difference; read
 * why before changing a tag or an expression.
 */
const BROKEN_SWITCHES: Record<string, BrokenSwitch> = {
  'const-id': {
    breaks: '§2 rule 3: generated ids must tell records apart',
    fails: '@check.generated-ids-differ',
  },
  'alg-none': {
    breaks: '§5: an unsigned token must fail authentication with 401',
    fails: '@rule.5-unsigned-token',
  },
  'strip-nested': {
    breaks: '§2 rule 4: extra fields are kept, also inside actions, parameters and resources',
    fails: '@rule.2.3-entry-extras',
  },
  'replace-entry': {
    breaks: '§4.1 rule 5: list entries are updated by id, not replaced',
    fails: '@check.partial-entry-update',
  },
  'no-nested-id': {
    breaks: '§2.3: an entry without its required id is stored without one (neither refused nor given one)',
    fails: '@check.entry-without-id',
  },
  'no-properties': {
    breaks: '§2.3 ParameterConfig: schema properties (preloaded) and propeties (tabulated) are valid',
    fails: '@check.properties-schema',
  },
  'lenient-missing-id': {
    breaks: '§4.2 and §7: read of an id that matches nothing answers 404',
    fails: '@check.read-unknown-id',
  },
  'no-types': {
    breaks: '§2.2, §2.3, §3: a field of another JSON type or a value outside an enumeration is refused, nothing stored',
    fails: '@check.json-type-refused',
  },
  'reason-lower': {
    breaks: '§4.1: the envelope status is the HTTP reason phrase as HTTP spells it',
    fails: '@check.envelope-status',
  },
  'select-ignored-by-id': {
    breaks: '§4.1 rule 8: select returns only the listed fields, on {base}/{id} as on {base}',
    fails: '@check.select-applied-by-id',
  },
  'delete-404-removes': {
    breaks: '§7: a delete whose where matches nothing answers 404 and removes nothing',
    fails: '@check.delete-by-id-where-another',
  },
  'shallow-compare': {
    breaks: '§4.1 update: a value changed inside an entry of actions, parameters or resources is a change (200, stored), not 304',
    fails: '@check.nested-change and @rule.4.1-rule-5',
  },
  'upd-unknown-404': {
    breaks: '§4.2: an update of an unknown id answers a status update lists (204, 400, 406, 422), never 404',
    fails: '@check.update-unknown-id',
  },
  // ---- realistic data (issue 26 part 1): run on the realistic-data tags only (realistic-data-tags.ts) ----
  'page-read-all-100': {
    breaks: '§4.1 rule 2: a read without a query returns every record, not the first page of 100',
    tags: REALISTIC_DATA_TAGS,
    fails: '@rule.4.1-volume',
  },
  'page-where-50': {
    breaks: '§4.1 query body: a read by where returns every record it matches, not the first 50',
    tags: REALISTIC_DATA_TAGS,
    fails: '@rule.4.1-volume',
  },
  'delete-where-first-page': {
    breaks: '§4.1 query body: a delete by where removes every record it matches, not the first page',
    tags: REALISTIC_DATA_TAGS,
    fails: '@rule.4.1-volume',
  },
  'ids-case-insensitive': {
    breaks: '§2: ids that differ only by letter case are two records',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.ids-differ-by-letter-case',
  },
  'ids-nfc': {
    breaks: '§2: ids that differ only by Unicode normalization are two records',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.ids-differ-by-normalization',
  },
  'ids-trimmed': {
    breaks: '§2: ids that differ only by a trailing space are two records',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.ids-differ-by-trailing-space',
  },
  'path-plus-as-space': {
    breaks: '§4.1 {base}/{id}: a "+" in the path is a plus sign',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.plus-in-path',
  },
  'path-double-decoded': {
    breaks: '§4.1 {base}/{id}: the path id is percent-decoded once',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.percent-in-path',
  },
  'path-not-decoded': {
    breaks: '§4.1 {base}/{id}: the path id is percent-decoded',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.id-encoded-in-path',
  },
  'strip-empty': {
    breaks: '§2 rule 4: empty strings and objects are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.empty-values-kept',
  },
  'drop-empty-lists': {
    breaks: '§2 rule 4: empty lists are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.empty-values-kept',
  },
  'latin1-text': {
    breaks: '§2 rule 4: text beyond Latin-1 is kept as sent',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.text-beyond-ascii-kept',
  },
  'nul-dropped': {
    breaks: '§2 rule 4: a string holding U+0000 is kept as sent (or refused), not stored without it',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.edge-values',
  },
  'edge-numbers-500': {
    breaks: '§2 rule 4, §4.2: a number at the edge of a double is kept as sent or refused (400, 406, 422), not answered 500',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.edge-values',
  },
  'float32-numbers': {
    breaks: '§2 rule 4: numbers are kept as sent (within the integers a double carries), and those at the edges of a double kept or refused',
    tags: REALISTIC_DATA_TAGS,
    // The edges of a double taken and stored as a 32-bit float read back as null (1e308) or 0 (5e-324): another number than acknowledged.
    fails: '@check.numbers-kept or @check.edge-values',
  },
  'flatten-nested': {
    breaks: '§2 rule 4: nested objects are kept as sent',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.nesting-kept',
  },
  'ct-params-415': {
    breaks: '§4.1, §7: application/json with a charset parameter is application/json',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.media-type-parameter',
  },
  'ct-case-sensitive': {
    breaks: '§4.1, §7: Application/JSON is application/json',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.media-type-letter-case',
  },
  'types-on-create-only': {
    breaks: '§2.2, §2.3: a field of another JSON type is refused on update too',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.field-types-on-update',
  },
  'types-top-level-only': {
    breaks: '§2.3: a field of another JSON type is refused inside entries and configs too',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.field-types-inside-entries',
  },
  'enums-on-create-only': {
    breaks: '§2.3, §3: a value outside an enumeration is refused on update too',
    tags: REALISTIC_DATA_TAGS,
    fails: '@check.field-types-on-update and @check.field-types-inside-entries',
  },
  // ---- end of realistic data ----
  // ---- classes of issue 36 point 5: run on every core scenario but the races (NEW_CLASSES_SELECTION) ----
  'datetime-reformatted': {
    breaks: '§2 rule 4: text that reads as a date-time is kept as that text, not re-formatted',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.typed-text',
  },
  'date-only-reformatted': {
    breaks: '§2 rule 4: text that reads as a date is kept as that text, not turned into a date-time',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.typed-text',
  },
  'numeric-text-as-number': {
    breaks: '§2 rule 4: text that reads as a decimal number is kept as text, not stored as a number',
    tags: NEW_CLASSES_SELECTION,
    // The JSON-type updates store the text "1" beside the number 1: typed by its look, it reads back a number.
    fails: '@check.typed-text or @check.update-json-type',
  },
  'truncate-255': {
    breaks: '§2 rule 4: a string longer than 255 characters is kept whole (or refused for a size limit), not cut',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.long-text',
  },
  'truncate-utf8-4000': {
    breaks: '§2 rule 4: a string longer than 4000 UTF-8 bytes is kept whole (or refused for a size limit), not cut',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.long-text',
  },
  'truncate-65535': {
    breaks: '§2 rule 4: a string longer than 65535 UTF-8 bytes is kept whole (or refused for a size limit), not cut',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.long-text',
  },
  'ids-truncated-255': {
    breaks: '§2, §4.1: an id longer than 255 characters names its record whole (or is refused for a length limit), not cut',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.long-ids',
  },
  'ids-truncated-512-bytes': {
    breaks: '§2, §4.1: an id longer than 512 UTF-8 bytes names its record whole (or is refused for a length limit), not cut',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.long-ids',
  },
  'where-word-match': {
    breaks: '§4.1 query body: where.equals matches equal values only, not a value holding expr as a run of its words',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.where-text-exact',
  },
  'where-accent-folding': {
    breaks: '§4.1 query body: where.equals matches equal values only, not one that differs in accents',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.where-text-exact',
  },
  'where-punctuation-folding': {
    breaks: '§4.1 query body: where.equals matches equal values only, not one that differs in punctuation or spacing',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.where-text-exact',
  },
  'delete-all-first-page': {
    breaks: '§4.1 rule 1: a delete without a body removes every record, not the first 100',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.delete-all-paging',
  },
  'delete-all-first-10': {
    breaks: '§4.1 rule 1: a delete without a body removes every record, not the first 10',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.delete-all-paging',
  },
  'jwt-empty-key': {
    breaks: '§5: a token signed with an empty key fails authentication with 401',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.forged-token',
  },
  'alg-none-any-case': {
    breaks: '§5: an unsigned token fails authentication with 401, whatever the letter case of its alg none',
    tags: NEW_CLASSES_SELECTION,
    fails: '@rule.5-unsigned-token',
  },
  'alg-lowercase-unchecked': {
    breaks: '§5: a token whose signature the key did not make fails authentication with 401, whatever its alg spelling',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.forged-token',
  },
  'loose-compare': {
    breaks: '§4.1 update: a value changed only in its JSON type (1 → "1") is a change: 200 and stored, not 304',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.update-json-type',
  },
  'number-bool-equal': {
    breaks: '§4.1 update: 0 → false and 1 → true are changes: 200 and stored, not 304',
    tags: NEW_CLASSES_SELECTION,
    fails: '@check.update-json-type',
  },
  // ---- end of the classes of issue 36 point 5 ----
  ...CONCURRENCY_FAILURES,
};

/**
 * A race switch changes nothing for requests sent one at a time (its await only lets others in),
 * so only the @concurrency scenarios are run on it: a whole core run per switch would add minutes.
 */
function selectionOf(name: string, { tags }: BrokenSwitch): string {
  return name in CONCURRENCY_FAILURES ? '@concurrency' : (tags ?? WITHOUT_REALISTIC_DATA);
}

/** Every broken switch with the scenarios its run selects and the scenarios of those its `fails` expression selects. */
export const EXPECTED_FAILURES: Record<string, BrokenVariantExpectation> = Object.fromEntries(
  Object.entries(BROKEN_SWITCHES).map(([name, broken]) => {
    const selected = selectionOf(name, broken);
    return [name, { ...broken, selected, failures: scenariosTagged(`(${broken.fails}) and not @extension and (${selected})`) }];
  }),
);
