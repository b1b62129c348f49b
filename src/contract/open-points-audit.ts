/**
 * The audit of docs/open-points.md: every comparison of values in the fuzzer's model and the
 * suite's steps that the description may leave open, one row each, in the table's order, naming
 * the allowances or not-asked points of faithful-answers.ts it rests on (none: the answer is fixed).
 * `npm run generate` writes the table from these rows (render-open-points.ts). Every allowance and
 * not-asked point is either named by a row or listed in OUTSIDE_AUDIT with why it is no comparison:
 * a new one that is neither fails the type check.
 */
import type { AllowanceId, NOT_ASKED } from './faithful-answers.js';

/** Every open point no request raises, by name. */
export type UnaskedId = keyof typeof NOT_ASKED;

/** What a row's answer rests on: fixed by the description, allowances (`combined`: they apply together), or points no request raises. */
export type AuditPoints =
  | { readonly kind: 'fixed' }
  | { readonly kind: 'allowance'; readonly ids: readonly AllowanceId[]; readonly combined?: true }
  | { readonly kind: 'not-asked'; readonly ids: readonly UnaskedId[] };

/** One row of the audit table. */
export interface AuditRow {
  /** What is compared. */
  readonly comparison: string;
  /** The description's words on it (§ and rule), or "not said". */
  readonly words: string;
  /** The faithful answers. */
  readonly faithful: string;
  readonly points: AuditPoints;
  /** Said after the points in the table: the x-decisions id, how the fuzzer or the suite keeps to it. */
  readonly note?: string;
  /** The switches of test/independent-server/server.mjs that exercise it ("as written": the default; "—": none). */
  readonly switches: string;
}

/** The rows, in the table's order. */
export const OPEN_POINT_AUDIT = [
  {
    comparison: '`where.equals` on a string field',
    words: '§4.1 query body: `where.equals.expr` String, "the value it must equal"',
    faithful: 'the same string, letter case, accents, punctuation and all (not a run of its words)',
    points: { kind: 'fixed' },
    note: ' (suite: "Read … where a field equals a shared value"; fuzzer: the model)',
    switches: 'broken: `where-word-match`, `where-accent-folding`, `where-punctuation-folding`',
  },
  {
    comparison: '`where.equals` on a field holding a list',
    words: 'not said: a list is not a String',
    faithful: "never (the kit), or when any element equals `expr` (a search engine, the public original through its store), or the whole value's JSON text",
    points: { kind: 'allowance', ids: ['where-on-list'] },
    note: ' (x-decisions where-equals-list); the fuzzer replays each reading (`where-readings.ts`)',
    switches: "`equals-any-element` (as written: the whole value's JSON text)",
  },
  {
    comparison: '`where.equals` on a number field',
    words: '`expr` is a String',
    faithful: 'by the number\'s JSON text (`"5"` and 5, the kit), by the value a JSON number text denotes (`"5.0"`, `"2e0"`), or never',
    points: { kind: 'allowance', ids: ['where-on-non-string'] },
    note: ' (x-decisions where-equals); the fuzzer sends `0`, `1`, `1.0`, `2e0`, `-0`, … and replays each reading',
    switches: '`equals-by-value`, `equals-strings-only`',
  },
  {
    comparison: '`where.equals` on a boolean field',
    words: '`expr` is a String',
    faithful: 'by its JSON text (`"true"`), or never',
    points: { kind: 'allowance', ids: ['where-on-non-string'] },
    switches: '`equals-strings-only`',
  },
  {
    comparison: '`where.equals` on a list of numbers or booleans',
    words: 'as the two rows above',
    faithful: 'any of the list readings × any of the scalar readings (12 readings in all, `WHERE_READINGS`)',
    points: { kind: 'allowance', ids: ['where-on-list', 'where-on-non-string'], combined: true },
    switches: '`equals-any-element` with `equals-by-value` or `equals-strings-only`',
  },
  {
    comparison: '`where.equals` on an object field',
    words: '`expr` is a String',
    faithful: 'never, for an `expr` that is not JSON text of an object',
    points: { kind: 'not-asked', ids: ['structured-where-expr'] },
    note: ' (no `expr` reading as an object, list or null is sent)',
    switches: '—',
  },
  {
    comparison: '`where.equals` on a field stored as null, or absent',
    words: '"the value it must equal": absent has none',
    faithful: 'absent: never (fixed); null against `"null"`, `"None"`, `""`: open',
    points: { kind: 'not-asked', ids: ['where-on-absent-or-null'] },
    note: ' (the fuzzer stores null only inside lists and sends no `expr` reading as null)',
    switches: '—',
  },
  {
    comparison: 'an `expr` in another spelling of a number or boolean (`+5`, `0x5`, ` 5`, `Infinity`, `True`)',
    words: '`expr` is a String',
    faithful: "what the implementation's parser makes of it",
    points: { kind: 'not-asked', ids: ['structured-where-expr'] },
    note: ' (`mayReadAsNonString` filters them out)',
    switches: '—',
  },
  {
    comparison: '`expr` `""` against a number or boolean',
    words: '`""` names no number',
    faithful: 'never matches: a string matches only the same string',
    points: { kind: 'fixed' },
    switches: '—',
  },
  {
    comparison: 'a dotted target (`config.cmd`), also through a list of entries (`actions.id`)',
    words: '`target`: "the name of the field to compare"',
    faithful: 'a nested field, a field whose name holds a dot; through a list: any entry or none',
    points: { kind: 'not-asked', ids: ['dotted-where-target'] },
    note: ' (no generated field name holds a dot)',
    switches: '—',
  },
  {
    comparison: 'an `expr` or `target` of another JSON type (`5`, `true`, `null`)',
    words: 'both typed String',
    faithful: 'refused (400, 406, 422) or, for a read or delete, nothing found (404, 204)',
    points: { kind: 'allowance', ids: ['refusal-status'] },
    switches: '`refuse-400`, `refuse-422`, `query-refusal-404`',
  },
  {
    comparison: 'an empty `target` or an empty name in `select`',
    words: 'field names',
    faithful: 'refused, or names no field',
    points: { kind: 'allowance', ids: ['empty-field-name'] },
    switches: 'as written',
  },
  {
    comparison: 'a `where` without `equals` (`{}`)',
    words: '`where` "the filter"',
    faithful: 'every record, or refused',
    points: { kind: 'not-asked', ids: ['where-without-equals'] },
    switches: '—',
  },
  {
    comparison: '`select` of a field a record lacks',
    words: '§4.1 rule 8: "only the listed fields of each record"',
    faithful: 'left out (the kit: the record may be `{}`), or given as null',
    points: { kind: 'allowance', ids: ['select-absent-field'] },
    note: ' (x-decisions select); `compare-records.ts` and the schema check leave a selected null out',
    switches: '`select-absent-null`',
  },
  {
    comparison: '`select` and the id',
    words: '§4.1 rule 8',
    faithful: 'the id may be added',
    points: { kind: 'allowance', ids: ['select-adds-id'] },
    switches: '`select-adds-id`',
  },
  {
    comparison: '`select` of a dotted name',
    words: 'field names of the index',
    faithful: 'a nested field (nested or flat) or a field whose name holds a dot',
    points: { kind: 'not-asked', ids: ['dotted-select'] },
    switches: '—',
  },
  {
    comparison: '`select` on a delete',
    words: '`select` is "read only"',
    faithful: 'ignored or refused',
    points: { kind: 'not-asked', ids: ['select-on-delete'] },
    switches: '—',
  },
  {
    comparison: "update of a list field outside the agent's entries (an extra field, a hidden-name list)",
    words: '§4.1 update: "the fields to set"',
    faithful:
      "replaced by the list sent: setting a field gives it the value (a partial update of the public original's store replaces lists too); merging or appending is not faithful",
    points: { kind: 'fixed' },
    note: ' (the fuzzer sends lists of scalars in updates and the model replaces)',
    switches: '—',
  },
  {
    comparison: 'update of `actions`, `parameters`, `resources`',
    words: '§4.1 rule 5: entries addressed by id',
    faithful: 'merged by id, entries not sent kept (fixed); their order open',
    points: { kind: 'allowance', ids: ['entry-order'] },
    switches: '`entries-sorted`',
  },
  {
    comparison: "update of an object (an extra object field, an entry's `config`)",
    words: 'not said',
    faithful: 'merged into the stored one, or replacing it',
    points: { kind: 'not-asked', ids: ['object-in-update'] },
    note: ' (entry configs are sent whole, extra objects never)',
    switches: '`replace-entry-config`',
  },
  {
    comparison: 'update setting a field to null',
    words: 'not said',
    faithful: 'null stored, or the field removed',
    points: { kind: 'not-asked', ids: ['null-in-update'] },
    switches: 'as written (removes)',
  },
  {
    comparison: 'change detection: an update that sets what is stored',
    words: '§4.1: "When nothing would change: 304"',
    faithful: '304 (fixed)',
    points: { kind: 'fixed' },
    note: " (the fuzzer's one-leaf updates must be 200, a repeat 304)",
    switches: 'broken: `shallow-compare`',
  },
  {
    comparison: 'change detection: key order, `1` and `1.0`',
    words: 'JSON (RFC 8259): objects are unordered, `1` and `1.0` the same number',
    faithful: '304 (fixed)',
    points: { kind: 'fixed' },
    note: '; the fuzzer sends numbers as JavaScript writes them (never `1.0`) and compares parsed values',
    switches: '`numbers-by-value` (1.0 kept as spelled, compared by value)',
  },
  {
    comparison: 'change detection: a value that keeps its text but changes its JSON type (`1` → `"1"`, `true` → `"true"`, `0` → `false`)',
    words: '§4.1: "When nothing would change: 304"; JSON types differ',
    faithful: '200 and stored (fixed)',
    points: { kind: 'fixed' },
    note: ' (suite: "Updating … changing only the JSON type of values changes the record")',
    switches: 'broken: `loose-compare`, `number-bool-equal`',
  },
  {
    comparison: 'text that reads as a date, a time or a number (`2026-11-28T10:00:00Z`, `2026-11-28`, `"0042"`)',
    words: '§2 rule 4: kept as sent',
    faithful: 'the same string (fixed); numbers in any JSON spelling of the same value (`1e3` for `1000`)',
    points: { kind: 'fixed' },
    note: ' (suite: "… keep text that reads as a date, a time or a number as sent …")',
    switches: '`numbers-exponent-form`; broken: `datetime-reformatted`, `date-only-reformatted`, `numeric-text-as-number`',
  },
  {
    comparison: 'a string value longer than a column (300 characters, 4 200 and 70 000 UTF-8 bytes)',
    words: '§2 rule 4; §8 shows no size limit',
    faithful: 'kept whole, or refused (400, 406, 413, 422; error true) storing and changing nothing; never cut short',
    points: { kind: 'allowance', ids: ['value-size-limit'] },
    switches: '`long-values-refused` (422 over 1 000 characters); broken: `truncate-255`, `truncate-utf8-4000`, `truncate-65535`',
  },
  {
    comparison: 'an id longer than a key (800 characters)',
    words: '§2: an id is a String; §8 shows no length limit',
    faithful: 'names its record whole on every operation, or refused (400, 406, 413, 422) storing nothing; never cut short',
    points: { kind: 'allowance', ids: ['id-length-limit'] },
    switches: '`long-ids-refused` (400 over 200 characters); broken: `ids-truncated-255`, `ids-truncated-512-bytes`',
  },
  {
    comparison: 'a string holding U+0000 (a value or a field name)',
    words:
      '§2: values and field names are Strings; §8 shows no limit; RFC 8259 section 9 lets an implementation limit the characters of the strings it accepts',
    faithful: 'kept as sent, or refused (400, 406, 422; error true) storing and changing nothing; never stored without it',
    points: { kind: 'allowance', ids: ['nul-character'] },
    note: ' (the suite and the fuzzer send it from `NUL`; other control characters are kept as sent, fixed)',
    switches: '`nul-refused` (400)',
  },
  {
    comparison: "a number beyond a 32-bit float's range or subnormal (`1e308`, `-1.7976931348623157e308`, `5e-324`)",
    words: '§2 rule 4; §8 shows no limit; RFC 8259 section 9 lets an implementation limit the range of the numbers it accepts',
    faithful: 'the same number read back, or refused (400, 406, 422; error true) storing and changing nothing; never another number',
    points: { kind: 'allowance', ids: ['number-range'] },
    note: ' (the suite and the fuzzer send `EDGE_NUMBERS`, and the fuzzer any double it draws, judged by `isOutsideNumberRange`)',
    switches: '`edge-numbers-refused` (422); broken: `float32-numbers`',
  },
  {
    comparison: 'an extra field named `__proto__`, `constructor` or `prototype`',
    words: '§2 rule 4: additional fields may be sent, no name excluded',
    faithful:
      'stored and read back as any field (fixed): a guard that refuses such names (a JSON parser against prototype poisoning) makes a choice the description does not give, and every store holds them',
    points: { kind: 'fixed' },
    note: ' (the fuzzer draws them among its field names; the independent server stores them as data)',
    switches: 'as written',
  },
  {
    comparison: 'an id holding `%`, `+` or a trailing space, at {base}/{id}',
    words:
      '§2: an id is a String; §4.1: a string path parameter; RFC 3986 section 2.1 carries any character percent-encoded, and a `+` in a path is a plus sign',
    faithful:
      'created, read, updated and deleted under exactly that id (fixed): every store holds these characters and every HTTP stack carries them, so a refusal rests on no limit; `%2F` alone is not sent (`slash-in-id`)',
    points: { kind: 'fixed' },
    note: ' (suite: the 2-id-exact outlines; fuzzer: `ID_STYLES`)',
    switches: 'broken: `path-double-decoded`, `path-plus-as-space`, `ids-trimmed`',
  },
  {
    comparison: 'a delete without a body on an index of 110 records (more than a page of 10, 20, 25, 50, 100)',
    words: '§4.1 rule 1: removes all records',
    faithful: 'every record removed, in one go or in batches (fixed)',
    points: { kind: 'fixed' },
    note: ' (suite: "Delete all … without a body", @destructive)',
    switches: '`delete-all-batched`; broken: `delete-all-first-page`, `delete-all-first-10`',
  },
  {
    comparison: "a token naming its algorithm in another letter case (`hs256`) over a signature of the deployment's key",
    words: "§5: the token's form is not shown",
    faithful: 'accepted or refused (401)',
    points: { kind: 'not-asked', ids: ['token-algorithm-case'] },
    note: "; only tokens whose signature the key did not make (an empty key; `hs256` over another key's signature) and unsigned ones (`none` in any case) must be refused",
    switches: '`alg-case-insensitive`, `alg-strict`; broken: `jwt-empty-key`, `alg-none-any-case`, `alg-lowercase-unchecked`',
  },
  {
    comparison: "an expired token, or one whose `nbf` is ahead, signed with the deployment's key",
    words: '§5: "how long a token lives" not shown; the header holds a JWT, and RFC 7519 sections 4.1.4 and 4.1.5 say such a token must not be accepted',
    faithful: 'refused with 401 (fixed)',
    points: { kind: 'fixed' },
    note: ' (suite: the expired and not-yet-valid token outlines; fuzzer: the auth table)',
    switches: 'as written (exp and nbf honoured); broken: the self-check variant `token-signature-not-checked`',
  },
  {
    comparison: 'a body sent as `application/json; charset=utf-8`, `application/json;charset=UTF-8` or `Application/JSON`',
    words: '§4.1: "Content-Type: application/json"; RFC 9110 section 8.3.1: a media type\'s type and subtype are case-insensitive, parameters may follow',
    faithful: 'JSON, on every operation (fixed)',
    points: { kind: 'fixed' },
    note: ' (suite: @media-type; fuzzer: the content types of its raw requests)',
    switches: 'broken: `ct-params-415`, `ct-case-sensitive`',
  },
  {
    comparison: 'change detection: absent and null',
    words: 'not said (null-in-update)',
    faithful: 'either',
    points: { kind: 'not-asked', ids: ['null-in-update'] },
    switches: '—',
  },
  {
    comparison: 'records read back: order of records and of entries, a resource path as one string',
    words: '§4.1 read; rule 5; §2.3 ResourceConfig',
    faithful: 'any order; a string or a one-element list',
    points: { kind: 'allowance', ids: ['record-order', 'entry-order', 'resource-config-path'] },
    switches: 'as written (newest first), `entries-sorted`, `resource-path-as-list`',
  },
  {
    comparison: 'a field created as null',
    words: '§2 rule 4',
    faithful: 'stored as null, or read as absent',
    points: { kind: 'not-asked', ids: ['null-field-on-create'] },
    note: ' (the fuzzer sends null only inside lists)',
    switches: '`drop-null-fields`',
  },
] as const satisfies readonly AuditRow[];

type Audited = Extract<(typeof OPEN_POINT_AUDIT)[number]['points'], { ids: unknown }>['ids'][number];

/** The open points that are no comparison of values (statuses, messages, what is stored), so no row names them. */
export const OUTSIDE_AUDIT = {
  'generated-id-format': 'an id the implementation makes',
  'message-wording': 'the words of a message',
  'duplicate-id-message': 'the words of a message',
  'reason-phrase': 'the words of a status',
  'missing-field-name': 'the words of a message',
  'update-unknown-id': 'a status',
  'read-finds-nothing': 'a status',
  'empty-index-read': 'a status',
  'id-change': 'a status and what is stored',
  'empty-body-create': 'a status and what is stored',
  'empty-body-update': 'a status',
  'order-of-checks': 'a status',
  'hidden-name-fields': 'what a create stores or refuses',
  'nested-extra-fields': 'what a create stores or refuses',
  'entry-without-id': 'what a create stores or refuses',
  'config-schema-spelling': 'what a create stores or refuses',
  'not-modified-body': 'the body of an answer',
  'delete-envelope': 'the status and body of an answer',
  'error-envelope-content': 'the body of an answer',
  'envelope-extra-fields': 'the body of an answer',
  'body-without-content-type': 'a header of a request',
  'bodyless-content-type': 'a header of an answer',
  'unknown-query-member': 'a status',
  'json-edge-values': 'what a create stores or refuses',
  'token-contents': 'a token',
  'preloaded-link-types': 'the preloaded records',
  'repeated-entry-ids': 'what an update stores or refuses',
  'body-id-differs-on-create': 'what a create stores or refuses',
  'null-as-wrong-type': 'what a create stores or refuses',
  'entry-without-id-by-fuzz': 'an id the implementation makes',
  'slash-in-id': 'a path',
} as const satisfies Record<Exclude<AllowanceId | UnaskedId, Audited>, string>;
