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
const MODEL_ALLOWANCES = [
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
] as const;
const RECORDS = [
  'record-order',
  'entry-order',
  'resource-config-path',
  'select-adds-id',
  'select-absent-field',
  'where-on-list',
  'where-on-non-string',
] as const;

/** Every check, in the order they run on an answer. `mgmt-kit fuzz --checks a,b` runs only those named. */
export const CHECKS = {
  answered: { judges: 'every request gets an answer: no dropped connection, no time-out', allowances: [], observed: '`no-answer`' },
  'server-error': { judges: 'no answer is a 5xx', allowances: [], observed: 'the status' },
  'documented-status': {
    judges: 'the status is one the spec documents for the operation',
    allowances: [],
    observed: 'the status',
    mootAfter: ['server-error'],
  },
  'json-media-type': {
    judges: 'a body comes as application/json (§4.1)',
    allowances: ['bodyless-content-type'],
    observed: 'the media type',
    mootAfter: ['server-error'],
  },
  'json-body': { judges: 'a body parses as JSON', allowances: [], observed: 'the status', mootAfter: ['server-error', 'json-media-type'] },
  'response-schema': {
    judges: "the body matches the spec's schema for the operation and status",
    allowances: ['error-envelope-content', 'select-absent-field', 'envelope-extra-fields'],
    observed: 'the status',
    mootAfter: ['documented-status', ...BROKEN],
  },
  'reason-phrase': {
    judges: "an envelope item's status is the reason phrase of the HTTP status or of the item's code (§4.1)",
    allowances: ['reason-phrase', 'delete-envelope'],
    observed: 'the status',
    mootAfter: BROKEN,
  },
  'model-status': {
    judges: "the status is the reference core's answer to the same request on the same records, or one the allowances let through",
    allowances: MODEL_ALLOWANCES,
    observed: 'the status',
    mootAfter: ['documented-status', ...BROKEN],
  },
  'model-envelope': {
    judges: "envelope items carry the model's code, and error true on a refusal (§4.1, §7)",
    allowances: ['delete-envelope', 'not-modified-body', 'error-envelope-content'],
    observed: 'the item code, `error-false` or `no-envelope`',
    mootAfter: BROKEN,
  },
  'model-message': {
    judges: 'the messages the description fixes: "Id already found", missing fields named "required", a create message naming the id',
    allowances: ['duplicate-id-message', 'missing-field-name', 'message-wording'],
    observed: '`duplicate-id`, `missing-field` or `create-id`',
    mootAfter: BROKEN,
  },
  'model-records': {
    judges: 'a read lists the records the model holds, with the fields it selects',
    allowances: RECORDS,
    observed: 'how they differ',
    mootAfter: BROKEN,
  },
  effect: {
    judges: 'what a write left, read back by id (or the whole index), is what the model holds',
    allowances: RECORDS,
    observed: 'how they differ, or `read-<status>`',
    mootAfter: BROKEN,
  },
  'generated-id': {
    judges: 'a create without id that answered 201 made exactly one record, found by its marker (§2 rule 3)',
    allowances: ['generated-id-format'],
    observed: '`record-not-found` or `records-duplicated`',
  },
  'where-filters': {
    judges: 'before the run: a where that matches nothing finds no record (deletes by where go only where it holds)',
    allowances: ['read-finds-nothing', 'empty-index-read'],
    observed: '`extra-record` or the status',
  },
  'shape-taken': {
    judges: 'before the run: of the spellings or forms the description allows for a value, at least one is taken',
    allowances: ['config-schema-spelling', 'resource-config-path'],
    observed: 'the field',
  },
  'long-ids': {
    judges:
      'before the run: an id of 300 characters or about 600 UTF-8 bytes is refused for its length with nothing stored, or names its record whole on read, update and delete; the id cut at 255 characters or 512 bytes names nothing',
    allowances: ['id-length-limit', 'read-finds-nothing'],
    observed: '`id-changed`, `cut-id-found`, `not-found`, `refused-but-stored` or the status',
  },
  'delete-all': {
    judges: '`--allow-destructive`, before the run: a delete without a query on an index holding 110 records of the run answers 205 and leaves none of them',
    allowances: [],
    observed: '`records-left` or the status',
  },
  'serial-order': {
    judges: '`--concurrency`: some order of a group sent at once, one at a time, gives every answer and the record read back',
    allowances: MODEL_ALLOWANCES,
    observed: 'the kind of group',
  },
} as const satisfies Record<string, CheckRow>;

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
  return problems.filter((p) => !((CHECKS[p.check] as CheckRow).mootAfter ?? []).some((c) => failed.has(c as CheckId)));
}

/** `--checks a,b`: the checks named, or what is wrong with the list (naming every check). */
export function parseCheckList(text: string): { ok: true; checks: CheckId[] } | { ok: false; error: string } {
  const names = text.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !(n in CHECKS));
  if (unknown.length === 0 && names.length > 0) return { ok: true, checks: names as CheckId[] };
  return { ok: false, error: `unknown check ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the checks are ${CHECK_IDS.join(', ')}` };
}

export function renderCheckTable(): string[] {
  const rows = Object.entries(CHECKS as Record<string, CheckRow>).map(([id, row]) => {
    const allowances = row.allowances.map((a) => `\`${a}\``).join(', ') || '—';
    const moot = row.mootAfter?.map((c) => `\`${c}\``).join(', ') ?? '—';
    return `| \`${id}\` | ${row.judges} | ${allowances} | ${row.observed} | ${moot} |`;
  });
  return ['| check | judges | allowances | signature ends with | moot after |', '|---|---|---|---|---|', ...rows];
}
