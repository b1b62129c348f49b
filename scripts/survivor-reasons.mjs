// Why each mutant that the conformance features do not kill is left alive: one reason per group
// of lines, read by scripts/list-survivors.mjs to write docs/mutation/SURVIVORS.md from a Stryker
// report. Mutants Stryker ignores carry their reason in the source (`// Stryker disable …: why`),
// and files left out of mutation have theirs in docs/mutation/README.md; these are the ones that still
// count against the score. A rule matches a mutant when the file
// ends with `file` and the mutated line's text matches `line` (or any line when `line` is absent).
// A surviving mutant no rule matches is listed as "not triaged", so a new survivor shows up.

/** @typedef {{ file: string, line?: RegExp, reason: string }} SurvivorReason */

const OPEN_STATUS =
  'open status, fixed outcome: the request is refused later by another check with another refusal status, and the features check only that it is refused and nothing is stored';

/** @type {SurvivorReason[]} */
export const SURVIVOR_REASONS = [
  {
    file: 'tokens/authenticate.ts',
    line: /Bearer|EMPTY_SECRET|secret ===|keyBytes\.length|importKey/,
    reason:
      'exact form of the Authorization header value and secret handling: not shown (description section 5); missing, malformed, unsigned, expired and foreign-secret tokens are killed',
  },
  {
    file: 'core/write-records.ts',
    line: /bodyId !== pathId\) return envelopeItem\(406, \{ id: READONLY_FIELD/,
    reason:
      'open: the update body carries "the id of the target" (description section 4.1); whether an update at {base}/{id} may leave it out of the body is not fixed',
  },
  {
    file: 'core/write-records.ts',
    line: /if \(invalid\)/,
    reason: 'open: an update that adds a list entry without its required fields; the description fixes required fields on create only',
  },
  { file: 'core/write-records.ts', line: /id === undefined\) return envelopeItem|NO_RECORD_WITH_ID|'records' in list/, reason: OPEN_STATUS },
  {
    file: 'core/handle-request.ts',
    line: /'present' in parsed|takeQueryInput/,
    reason:
      'equivalent for the features: an absent body and a body are answered the same way further on; `?q=` is read only by GET and DELETE scenarios (extension)',
  },
  {
    file: 'core/query-records.ts',
    line: /query\.limit\) && records\.length === 0/,
    reason: 'open status: a read whose query finds nothing may answer 200 with an empty list or 404 (description section 4.2)',
  },
  {
    file: 'core/match-where.ts',
    line: /typeof value === 'number'|typeof value === 'string'/,
    reason: 'where.equals on a number or boolean field: `expr` is a String (description section 4.1), comparing it to other types is not fixed',
  },
  {
    file: 'core/match-where.ts',
    line: /hasOwn\(record, target\)|isJsonObject\(node\)/,
    reason: 'dotted targets into nested objects: not in the description (extension); a field with a dot in its name is not used by the scenarios',
  },
  {
    file: 'core/merge-update.ts',
    reason:
      'equivalent for the features: list entries without id, repeated ids (refused earlier with 406) and non-object bodies (refused by validation) never reach these branches',
  },
  {
    file: 'core/is-deep-equal.ts',
    reason:
      'equivalent: an update only sets fields, so the merged record never has fewer keys; an array and a non-array, or an object and a non-object, are unequal either way',
  },
  {
    file: 'core/json-record.ts',
    line: /isArray\(value\)/,
    reason: 'equivalent: every caller has a parsed JSON object or list; a list is refused by validation anyway',
  },
  // write-records.ts holds create and update with their shared checks: findDuplicateEntryIds and
  // findBatchProblem are triaged by their own lines, so a survivor elsewhere in the file stays untriaged.
  {
    file: 'core/write-records.ts',
    line: /if \(!batch\)|ONE_RECORD_WITH_PATH_ID|SAME_ID_IN_BATCH|const id = getOwnField\(record, 'id'\)/,
    reason: 'equivalent for the features: a batch record without id is refused or gets one generated further on (open)',
  },
  {
    file: 'core/write-records.ts',
    line: /getOwnField\(record, list\)|isArray\(entries\)|getOwnField\(entry, 'id'\)|REPEATED_VALUES|keys\(message\)|new Set<unknown>|id === undefined\) continue|seen\.(has|add)\(id\)/,
    reason: 'equivalent for the features: an entry without id is refused or gets one (open); duplicates among entries with ids are killed',
  },
  {
    file: 'core/write-records.ts',
    line: /!body\.present/,
    reason: 'open: a create or update without a body answers 204 here (x-decisions empty-body), the description does not fix it',
  },
  {
    file: 'core/write-records.ts',
    line: /value\.length === 0/,
    reason: 'equivalent: an empty batch answers 204 further on too (the most severe status of no items)',
  },
  { file: 'core/write-records.ts', line: /MAX_BATCH_RECORDS/, reason: 'limits: x-decisions batches (at most 1000 records)' },
  {
    file: 'core/write-records.ts',
    line: /isJsonObject\(value\)|every\(isJsonObject\)/,
    reason:
      'open (extension): a batch entry that is not an object is refused whole here; refusing it alone, as its own 406 item, is another reading of the batch text',
  },
  {
    file: 'core/route.ts',
    reason:
      'kit-only: unknown paths, other methods, percent-encoded and malformed id segments (x-decisions unknown-path); the scenarios use the index paths and plain ids',
  },
  { file: 'core/store.ts', reason: 'kit-only: the preload option (`--empty`), which no scenario turns off; unit tests cover it' },
  {
    file: 'core/frozen-records.ts',
    line: /if \(deleted\)/,
    reason: 'kit-only: whether a delete counts as a change is read by change notifications only (index-store.ts); the core deletes only records it found',
  },
  { file: 'core/reference-core.ts', reason: 'kit-only: options of the embedding API (shared validator, preload, seed)' },
  // The query language (extension), triaged mutant by mutant after the scenarios.
  {
    file: 'core/query/compile-pattern.ts',
    line: /chars\[\+\+i\]/,
    reason: 'query language (extension): a trailing backslash in a wildcard is not fixed by the docs or the spec',
  },
  {
    file: 'core/query/compare-range.ts',
    line: /expr\.trim\(\) === ''/,
    reason: 'query language (extension): a number compared with a blank expr is not fixed (only numbers and numeric strings are)',
  },
  {
    file: 'core/query/apply-query.ts',
    line: /rankA === undefined/,
    reason:
      "query language (extension), not chased: the mutant compares a record without the field before one with it as NaN, which the sort reads as equal (+0); every order of the scenario's seven records still sorts right under V8, but an inconsistent comparator is not proven equivalent",
  },
  { file: 'core/query/apply-query.ts', line: /position/, reason: 'query language (extension): the order of records tied on every order entry is not fixed' },
  { file: 'core/query/take-query-input.ts', line: /values\.length === 0/, reason: 'query language (extension): URL parameters other than q are not fixed' },
  {
    file: 'core/query/',
    line: /MAX_|TOO_LONG|budget|findJsonProblem|problem\.replace/,
    reason: 'limits: x-decisions limits of the query language (pattern length, RE2 program size, clause count, nesting, non-finite numbers)',
  },
  { file: 'core/query/', line: /rawQuery === undefined/, reason: 'equivalent: a shortcut, URL parameters that are not there hold no q either' },
  { file: 'core/query/', line: /records\.length - 1/, reason: 'equivalent: cannot change the records a query returns (a missing bound)' },
  {
    file: 'core/query/',
    reason:
      'wording not fixed: query refusal text, or a removed guard that lets the next check refuse the same part with another reason; the scenarios check the 400 and the part it names',
  },
  // Lines where Stryker cannot ignore the unkilled mutant alone: another mutant of the same kind on
  // the same line is killed, so a `// Stryker disable next-line <kind>` would hide it too.
  { file: 'core/parse-json-body.ts', line: /contentType|essence/, reason: 'kit-only: media types beyond application/json, x-decisions media-type' },
  { file: 'core/parse-json-body.ts', line: /catch|not valid JSON/, reason: OPEN_STATUS },
  { file: 'core/parse-json-body.ts', line: /Utf8|TextDecoder/, reason: 'kit-only: bytes that are not UTF-8, x-decisions malformed-json' },
  { file: 'core/parse-json-body.ts', reason: 'limits and empty bodies: x-decisions limits and empty-body, not in the description' },
  { file: 'core/validate-record.ts', line: /listName/, reason: 'equivalent: singular of the three list names' },
  {
    file: 'core/validate-record.ts',
    line: /KIT_REFUSAL_REASONS/,
    reason: "wording not fixed: a validation keyword the kit has no words for keeps ajv's message; no scenario meets one (kit-refusal-reasons.ts)",
  },
  {
    file: 'core/validate-record.ts',
    // Every line of the violation mapping, not createRecordValidator's (whether a record is refused at all is killed).
    line: /^(?!.*(validateSchema|violations\.length === 0|createRecordValidator|\(schemaName, value\)))/,
    reason: 'wording not fixed: the text of a refusal other than a missing required field',
  },
  {
    file: 'core/messages.ts',
    reason:
      'not checked: the description says what the update and delete messages tell (the record was updated, deleted, no update was needed), not their words (x-decisions success-messages); the features read only that the envelope holds a message',
  },
  {
    file: 'tokens/authenticate.ts',
    line: /acceptedToken = ''/,
    reason: 'equivalent: the token the header memo starts with; no Bearer token is empty or holds a space, so no cache holds either',
  },
  {
    file: 'tokens/authenticate.ts',
    line: /isCachedAndOpen|window === undefined/,
    reason:
      'equivalent: the verified-token cache; a cache that answers "not held" sends the token to full verification, with the same answer, and a held token turns invalid only by the clock',
  },
  {
    file: 'tokens/authenticate.ts',
    line: /algorithms/,
    reason: 'kit-only: which HMAC algorithm is accepted besides HS256 is not shown (description section 5); the clock option serves unit tests',
  },
  { file: 'tokens/authenticate.ts', line: /catch/, reason: 'equivalent: an empty catch returns undefined, which refuses like false' },
  {
    file: 'core/query-records.ts',
    line: /pinnedId|clause\?\.op|clause\.clauses|key === undefined|store\.peek\(key\)|record === undefined \? \[\]/,
    reason: 'equivalent: the id-index shortcut, the query is applied to what it returns',
  },
  { file: 'core/write-records.ts', line: /RANK_BY_CODE|ERROR_RANK|severityOf|codes\[0\] \?\? 204/, reason: 'equivalent: severity ranks no batch needs' },
  { file: 'core/select-fields.ts', reason: 'equivalent: defensive copy or a missing field, the JSON answer is the same' },
  {
    file: 'core/handle-request.ts',
    line: /route\.kind !== 'operation'/,
    reason: 'kit-only: unknown paths, other methods and percent-encoded ids, x-decisions unknown-path',
  },
  { file: 'core/json-record.ts', line: /__proto__/, reason: 'kit-only: hostile-input hardening (test/hostile)' },
];

/**
 * The reason of a surviving mutant, or undefined when no rule covers it.
 * @param {string} file path of the mutated file
 * @param {string} lineText the mutated line as written
 */
export function reasonFor(file, lineText) {
  return SURVIVOR_REASONS.find((r) => file.includes(r.file) && (!r.line || r.line.test(lineText)))?.reason;
}
