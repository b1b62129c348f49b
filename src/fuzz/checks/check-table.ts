import type { AllowanceId } from '../../contract/faithful-answers.js';

/**
 * One check: what it judges, the allowances (src/contract/faithful-answers.ts) it lets through, the last part of its failures' signature, and the checks
 * whose failure on the same answer makes it moot. A new check is one row here, its test, and the code that reports it.
 */
export interface CheckRow {
  judges: string;
  allowances: readonly AllowanceId[];
  observed: string;
  mootAfter?: readonly string[];
}

const BROKEN = ['server-error', 'json-body'] as const;
const MODEL_ALLOWANCES: readonly AllowanceId[] = [
  'refusal-status',
  'update-unknown-id',
  'read-finds-nothing',
  'empty-index-read',
  'id-change',
  'empty-body-create',
  'empty-body-update',
  'order-of-checks',
  'hidden-name-fields',
  'nested-extra-fields',
  'config-schema-spelling',
  'resource-config-path',
  'json-edge-values',
  'value-size-limit',
  'nul-character',
  'number-range',
  'body-without-content-type',
  'unknown-query-member',
  'empty-field-name',
  'error-envelope-content',
];
const RECORDS: readonly AllowanceId[] = [
  'record-order',
  'entry-order',
  'resource-config-path',
  'select-adds-id',
  'select-absent-field',
  'where-on-list',
  'where-on-non-string',
];
const row = (judges: string, allowances: readonly AllowanceId[], observed: string, mootAfter?: readonly string[]): CheckRow =>
  mootAfter ? { judges, allowances, observed, mootAfter } : { judges, allowances, observed };

/** Every check, in the order they run on an answer. `mgmt-kit fuzz --checks a,b` runs only those named. */
export const CHECKS = {
  answered: row('every request gets an answer: no dropped connection, no time-out', [], '`no-answer`'),
  'server-error': row('no answer is a 5xx', [], 'the status'),
  'documented-status': row('the status is one the spec documents for the operation', [], 'the status', ['server-error']),
  'json-media-type': row('a body comes as application/json (§4.1)', ['bodyless-content-type'], 'the media type', ['server-error']),
  'json-body': row('a body parses as JSON', [], 'the status', ['server-error', 'json-media-type']),
  'response-schema': row(
    "the body matches the spec's schema for the operation and status",
    ['error-envelope-content', 'select-absent-field', 'envelope-extra-fields'],
    'the status',
    ['documented-status', ...BROKEN],
  ),
  'reason-phrase': row(
    "an envelope item's status is the reason phrase of the HTTP status or of the item's code (§4.1)",
    ['reason-phrase', 'delete-envelope'],
    'the status',
    BROKEN,
  ),
  'model-status': row(
    "the status is the reference core's answer to the same request on the same records, or one the allowances let through",
    MODEL_ALLOWANCES,
    'the status',
    ['documented-status', ...BROKEN],
  ),
  'model-envelope': row(
    "envelope items carry the model's code, and error true on a refusal (§4.1, §7)",
    ['delete-envelope', 'not-modified-body', 'error-envelope-content'],
    'the item code, `error-false` or `no-envelope`',
    BROKEN,
  ),
  'model-message': row(
    'the messages the description fixes: "Id already found", missing fields named "required", a create message naming the id',
    ['duplicate-id-message', 'missing-field-name', 'message-wording'],
    '`duplicate-id`, `missing-field` or `create-id`',
    BROKEN,
  ),
  'model-records': row('a read lists the records the model holds, with the fields it selects', RECORDS, 'how they differ', BROKEN),
  effect: row('what a write left, read back by id (or the whole index), is what the model holds', RECORDS, 'how they differ, or `read-<status>`', BROKEN),
  'generated-id': row(
    'a create without id that answered 201 made exactly one record, found by its marker (§2 rule 3)',
    ['generated-id-format'],
    '`record-not-found` or `records-duplicated`',
  ),
  'where-filters': row(
    'before the run: a where that matches nothing finds no record (deletes by where go only where it holds)',
    ['read-finds-nothing', 'empty-index-read'],
    '`extra-record` or the status',
  ),
  'shape-taken': row(
    'before the run: of the spellings or forms the description allows for a value, at least one is taken',
    ['config-schema-spelling', 'resource-config-path'],
    'the field',
  ),
  'long-ids': row(
    'before the run: an id of 300 characters or about 600 UTF-8 bytes is refused for its length with nothing stored, or names its record whole on read, update and delete; the id cut at 255 characters or 512 bytes names nothing',
    ['id-length-limit', 'read-finds-nothing'],
    '`id-changed`, `cut-id-found`, `not-found`, `refused-but-stored` or the status',
  ),
  'delete-all': row(
    '`--allow-destructive`, before the run: a delete without a query on an index holding 110 records of the run answers 205 and leaves none of them',
    [],
    '`records-left` or the status',
  ),
  'serial-order': row(
    '`--concurrency`: some order of a group sent at once, one at a time, gives every answer and the record read back',
    MODEL_ALLOWANCES,
    'the kind of group',
  ),
} satisfies Record<string, CheckRow>;

export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

export interface Problem {
  check: CheckId;
  /** Normalised: the same deviation gives the same value under every random seed. */
  observed: string;
  expected: string;
  actual: string;
}

/** A failure's signature: the operation, the check and the observed value (`createEvent:documented-status:200`). */
export const signatureOf = (operation: string, problem: Pick<Problem, 'check' | 'observed'>) => `${operation}:${problem.check}:${problem.observed}`;

/** The problems of one answer that are not moot: a check is dropped when one it follows failed (CHECKS mootAfter). */
export function applicable(problems: readonly Problem[]): Problem[] {
  const failed = new Set(problems.map((p) => p.check));
  return problems.filter((p) => !(CHECKS[p.check].mootAfter ?? []).some((c) => failed.has(c as CheckId)));
}

/** `--checks a,b`: the checks named, or what is wrong with the list (naming every check). */
export function parseCheckList(text: string): { ok: true; checks: CheckId[] } | { ok: false; error: string } {
  const names = text.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(n in CHECKS));
  if (unknown.length === 0 && names.length > 0) return { ok: true, checks: names as CheckId[] };
  return { ok: false, error: `unknown check ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the checks are ${CHECK_IDS.join(', ')}` };
}

export function renderCheckTable(): string[] {
  const rows = Object.entries(CHECKS).map(([id, row]) => {
    const allowances = row.allowances.map((a) => `\`${a}\``).join(', ') || '—';
    const moot = row.mootAfter?.map((c) => `\`${c}\``).join(', ') ?? '—';
    return `| \`${id}\` | ${row.judges} | ${allowances} | ${row.observed} | ${moot} |`;
  });
  return ['| check | judges | allowances | signature ends with | moot after |', '|---|---|---|---|---|', ...rows];
}
