import type { CoreResponse } from '../reference-server/core/core-types.js';
import type { BuiltStep } from './build-step.js';
import { compareRecordLists } from './compare-records.js';
import type { WireAnswer } from './send-wire-request.js';
import { acceptedFieldNames, EMPTY_INDEX_STATUSES, isDuplicateIdMessage, isOpenRefusal, READ_NOTHING_STATUSES, UPDATE_UNKNOWN_ID_STATUSES } from './tolerance-rules.js';

/** The target's answer is acceptable (and what the model's store must become), or a failure. */
export type Verdict =
  | { ok: true; effect: 'as-model' | 'rollback' | 'resync' }
  | { ok: false; rule: string; check: string; expected: string; actual: string };

/** What the judge needs to know of the request: its bytes, the id it named and how its body was built. */
export type JudgedRequest = Pick<BuiltStep, 'target' | 'id' | 'mutation' | 'nestedExtras' | 'resyncAfter'>;

/** What the judge compares. */
export interface JudgeInput {
  step: JudgedRequest;
  model: CoreResponse;
  target: WireAnswer;
  /** Statuses the spec documents for the operation. */
  documented: readonly number[];
  /** The `select` of a read, when it had one. */
  select: readonly string[] | undefined;
  /** The id a create without id got in the target (learned from its marker). */
  createdId: string | undefined;
  /** True when the record id the step names already existed in the model before the step. */
  idTaken: boolean;
  /** A fetch-based target (msw) cannot send a 205 body: accept a 205 without one. */
  bodiless205?: boolean | undefined;
}

type Item = { code?: unknown; error?: unknown; message?: unknown };
const OK = { ok: true, effect: 'as-model' } as const;
const fail = (rule: string, check: string, expected: string, actual: string): Verdict => ({ ok: false, rule, check, expected, actual });
const itemsOf = (body: unknown): Item[] | undefined => (Array.isArray(body) && body.length > 0 && body.every((i) => typeof i === 'object' && i !== null) ? (body as Item[]) : undefined);
/** Rule 15: error true is required of refusals, but not of 401 and 404, whose envelope content the seed does not show. */
const mustSayError = (status: number) => status !== 401 && status !== 404;
const describe = (answer: WireAnswer) => `${answer.status}${answer.text ? ` ${answer.text.slice(0, 200)}` : ''}`;

function refused(input: JudgeInput, rule: string, allowed: (status: number) => boolean, expected: string): Verdict {
  const { target } = input;
  if (!allowed(target.status)) return fail(rule, 'status', expected, describe(target));
  const items = itemsOf(target.json);
  if (mustSayError(target.status) && items?.some((i) => i.error !== true)) return fail(rule, 'envelope', `${expected}, with error true in the envelope (seed §7)`, describe(target));
  return OK;
}

function success(input: JudgeInput, rule: string, status: number, code: number, expected: string, bodyRequired: boolean): Verdict {
  const { target } = input;
  if (target.status !== status) return fail(rule, 'status', expected, describe(target));
  const items = itemsOf(target.json);
  if (!items) return bodyRequired ? fail(rule, 'envelope', `${expected} with the §4.1 envelope`, describe(target)) : OK;
  const wrong = items.find((i) => i.code !== code || i.error !== false);
  return wrong ? fail(rule, 'envelope', `${expected}: every item code ${code}, error false (seed §4.1)`, describe(target)) : OK;
}

function judgeRead(input: JudgeInput): Verdict {
  const { model, target, step } = input;
  const records = model.body as unknown[];
  if (model.status === 404) return refusedOrNothing(input, 'read-nothing', READ_NOTHING_STATUSES, '404 or 204: nothing found (seed §7)');
  if (records.length === 0 && step.id === undefined && target.status !== 200) return refusedOrNothing(input, 'empty-index', EMPTY_INDEX_STATUSES, '200 [], 204 or 404 for an empty index');
  if (target.status !== 200 || !Array.isArray(target.json)) return fail('read', 'status', `200 with ${records.length} record(s) (seed §4.1)`, describe(target));
  const difference = compareRecordLists(records, target.json, { select: input.select });
  return difference ? fail('read', `records-${difference.kind}`, 'the records the model holds', difference.message) : OK;
}

function refusedOrNothing(input: JudgeInput, rule: string, statuses: readonly number[], expected: string): Verdict {
  const { target } = input;
  if (target.status === 200 && Array.isArray(target.json) && target.json.length === 0 && statuses.includes(200)) return OK;
  if (target.status === 200 || !statuses.includes(target.status)) return fail(rule, 'status', expected, describe(target));
  return OK;
}

function judgeValidation(input: JudgeInput): Verdict {
  const { model, step, target, documented } = input;
  const message = (model.body as Item[])[0]?.message;
  const method = step.target.method;
  if (isDuplicateIdMessage(message)) {
    const verdict = refused(input, 'duplicate-id', (s) => s === 406, '406 "Id already found" (seed §4.1 rule 3)');
    if (!verdict.ok) return verdict;
    const got = itemsOf(target.json)?.[0]?.message;
    return isDuplicateIdMessage(got) ? OK : fail('duplicate-id', 'message', 'message "Id already found" (seed §4.1 rule 3)', describe(target));
  }
  const fields = typeof message === 'object' && message !== null ? Object.entries(message) : [];
  if (method === 'POST' && step.mutation === 'missing' && fields.length > 0 && fields.every(([, reason]) => reason === 'required')) {
    const verdict = refused(input, 'missing-field', (s) => s === 406, `406 naming ${fields.map(([f]) => f).join(', ')} "required" (seed §4.1 rule 4)`);
    if (!verdict.ok) return verdict;
    const got = itemsOf(target.json)?.[0]?.message;
    if (input.idTaken && isDuplicateIdMessage(got)) return OK; // rule 14: either reason may be given
    const named = (field: string) => typeof got === 'object' && got !== null && acceptedFieldNames(field).some((n) => (got as Record<string, unknown>)[n] === 'required');
    const missing = fields.find(([field]) => !named(field));
    return missing ? fail('missing-field', 'message', `a message object mapping ${missing[0]} to "required" (seed §4.1 rule 4)`, describe(target)) : OK;
  }
  if (method === 'PUT' && fields.length === 1 && fields[0]![0] === 'id' && fields[0]![1] === 'not found') {
    return refused(input, 'update-unknown-id', (s) => UPDATE_UNKNOWN_ID_STATUSES.includes(s), `204, 400, 406 or 422: the record to update does not exist`);
  }
  return refused(input, 'refusal', (s) => isOpenRefusal(s, documented), `a refusal (any documented 4xx but 401): the model refuses with 406 ${JSON.stringify(message)}`);
}

/**
 * Judges one answer of the target against the model's answer to the same request, applying the
 * tolerances of tolerance-rules.ts (this is where each rule is used).
 */
export function judgeAnswer(input: JudgeInput): Verdict {
  const verdict = judgeStrict(input);
  if (verdict.ok) return verdict;
  const { model, target, step, documented } = input;
  const modelSucceeded = model.status >= 200 && model.status < 400;
  const targetSucceeded = target.status >= 200 && target.status < 400;
  // Rule 8: nested extra fields may be refused instead of stored.
  if (modelSucceeded && step.nestedExtras.length > 0 && isOpenRefusal(target.status, documented)) return { ok: true, effect: 'rollback' };
  // Rule 13: deep nesting, 1e400 or non-UTF-8 bytes may be stored; the record is read back and adopted.
  if (step.resyncAfter && !modelSucceeded && targetSucceeded && target.status !== 204) return { ok: true, effect: 'resync' };
  return verdict;
}

function judgeStrict(input: JudgeInput): Verdict {
  const { model, step, documented } = input;
  const method = step.target.method;
  switch (model.status) {
    case 401:
      return refused(input, 'auth', (s) => s === 401, '401: authentication failed (seed §5)');
    case 415: {
      const explicit = step.target.headers['content-type'] !== undefined;
      return explicit
        ? refused(input, 'media-type', (s) => s === 415, '415: the body is not sent as application/json (seed §7)')
        : refused(input, 'media-type', (s) => isOpenRefusal(s, documented), 'a refusal of a body without Content-Type');
    }
    case 406:
      return judgeValidation(input);
    case 404:
      return method === 'GET' ? judgeRead(input) : refused(input, 'delete-nothing', (s) => s === 404, '404: nothing to delete (seed §7)');
    case 204:
      return input.target.status === 204 ? OK : refused(input, 'nothing-to-act', (s) => isOpenRefusal(s, documented), '204 (nothing to act on) or a refusal');
    case 201: {
      const verdict = success(input, 'create', 201, 201, '201 created (seed §4.1)', true);
      const id = input.createdId ?? step.id;
      if (!verdict.ok || id === undefined) return verdict;
      const messages = (itemsOf(input.target.json) ?? []).map((i) => (typeof i.message === 'string' ? i.message : JSON.stringify(i.message)));
      return messages.some((m) => m.includes(id)) ? OK : fail('create', 'message', `a create message naming the id ${id} (seed §4.1)`, describe(input.target));
    }
    case 200:
      return method === 'GET' ? judgeRead(input) : success(input, 'update', 200, 200, '200 updated (seed §4.1)', true);
    case 304:
      return success(input, 'not-modified', 304, 304, '304: the update changes nothing (seed §4.1)', false);
    case 205:
      return success(input, 'delete', 205, 200, '205 deleted, envelope code 200 (seed §4.1)', !input.bodiless205);
    default:
      return refused(input, 'refusal', (s) => isOpenRefusal(s, documented), `a refusal: the model answers ${model.status}`);
  }
}
