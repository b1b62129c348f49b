import { EMPTY_BODY_CREATE_STATUSES, EMPTY_BODY_UPDATE_STATUSES, EMPTY_INDEX_STATUSES, holdsStoreLimitedValue } from '../../contract/faithful-answers.js';
import { isAcceptedFieldName, isDuplicateIdMessage, LONGEST_VALUE_TAKEN, SIZE_LIMIT_STATUSES, STORE_LIMIT_STATUSES } from '../../contract/faithful-answers.js';
import { queryRefusalStatuses, READ_NOTHING_STATUSES, REFUSAL_STATUSES, refusalMustSayError } from '../../contract/faithful-answers.js';
import { UPDATE_UNKNOWN_ID_STATUSES } from '../../contract/faithful-answers.js';
import type { CoreResponse } from '../../server/core/index.js';
import { compareRecordLists } from './compare-records.js';
import type { WireAnswer } from '../run/send-wire-request.js';
import { jsonBodyOf, type WireRequest } from '../generate/wire-request.js';
import type { FlawKind, Op, Transport } from '../generate/fuzz-step.js';
import type { CheckId, Problem } from './check-table.js';

/** The target's answer is acceptable (and what the model's store must become), or the problems of the model's checks. */
export type Verdict = { ok: true; effect: 'as-model' | 'rollback' | 'resync' } | { ok: false; problems: Problem[] };

/** What the judge needs to know of the request besides its bytes (buildStep, model/commands.ts). */
export interface JudgedRequest {
  target: WireRequest;
  id: string | undefined;
  flaw: FlawKind | undefined;
  /** Shapes the target may refuse where the model stores them (contract/spec/open-shapes.ts). */
  openShapes: string[];
  /** The target may accept what the model refuses (deep nesting, 1e400, invalid UTF-8): read the record back and adopt it. */
  resyncAfter: boolean;
  breaks: RequestBreak[];
  /** Where the flaw broke a field whose name the description hides (the target may store or refuse it). */
  hiddenNameBreak: string | undefined;
}

/** A request the fuzzer sends itself (a read back, a request of a concurrent group): plain, its body unbroken. */
export const plainJudged = (target: WireRequest, id: string | undefined): JudgedRequest => {
  return { target, id, flaw: undefined, openShapes: [], resyncAfter: false, breaks: [], hiddenNameBreak: undefined };
};

export interface JudgeInput {
  step: JudgedRequest;
  model: CoreResponse;
  target: WireAnswer;
  /** The `select` of a read, when it had one. */
  select?: readonly string[] | undefined;
  /** The id a create without id got in the target (learned from its marker or by reading the index). */
  createdId?: string | undefined;
  /** True when the record id the step names already existed in the model before the step. */
  idTaken: boolean;
  /** A fetch-based target (msw) cannot send a 205 body: accept a 205 without one. */
  bodiless205?: boolean | undefined;
  /** Whether the target may refuse the shape at `path`: it refused it before the run. Absent: it may refuse any. */
  mayRefuseShape?: ((path: string, wrongType: boolean) => boolean) | undefined;
}

type Item = { code?: unknown; error?: unknown; message?: unknown };
const OK = { ok: true, effect: 'as-model' } as const;
const problem = (check: CheckId, observed: unknown, expected: string, actual: string): Problem => ({ check, observed: String(observed), expected, actual });
const itemsOf = (body: unknown): Item[] | undefined =>
  Array.isArray(body) && body.length > 0 && body.every((i) => typeof i === 'object' && i !== null) ? (body as Item[]) : undefined;
const describe = (answer: WireAnswer) => `${answer.status}${answer.text ? ` ${answer.text.slice(0, 200)}` : ''}`;
const statusProblem = (expected: string, target: WireAnswer) => problem('model-status', target.status, expected, describe(target));
const isRefusal = (status: number) => REFUSAL_STATUSES.includes(status);
/** faithful-answers error-envelope-content: a refusal's items say error true, except where the content is not shown. */
const saysErrorWhereItMust = (answer: WireAnswer) => !refusalMustSayError(answer.status) || !(itemsOf(answer.json) ?? []).some((i) => i.error !== true);
const firstMessage = (answer: WireAnswer) => itemsOf(answer.json)?.[0]?.message;

function refused(input: JudgeInput, allowed: (status: number) => boolean, expected: string): Problem[] {
  const { target } = input;
  if (!allowed(target.status)) return [statusProblem(expected, target)];
  return saysErrorWhereItMust(target) ? [] : [problem('model-envelope', 'error-false', `${expected}, with error true in the envelope (§7)`, describe(target))];
}

/** The model acted: the status it answers, and — where the target acted too — envelope items with its code and error false. */
function success(input: JudgeInput, status: number, code: number, expected: string, bodyRequired: boolean): Problem[] {
  const { target } = input;
  const problems = target.status === status ? [] : [statusProblem(expected, target)];
  if (problems.length > 0 && !(target.status >= 200 && target.status < 400)) return problems;
  const items = itemsOf(target.json);
  if (!items)
    return bodyRequired && problems.length === 0
      ? [problem('model-envelope', 'no-envelope', `${expected} with the §4.1 envelope`, describe(target))]
      : problems;
  const wrong = items.find((i) => i.code !== code || i.error !== false);
  const observed = wrong?.code === code ? `error-${String(wrong.error)}` : wrong?.code;
  if (wrong) problems.push(problem('model-envelope', observed, `${expected}: every item code ${code}, error false (§4.1)`, describe(target)));
  return problems;
}

/** faithful-answers missing-field-name: a 406 whose message maps each field (or, unknown, some field) to "required". */
function namesMissingFields(answer: WireAnswer, fields: readonly string[]): boolean {
  const got = firstMessage(answer);
  if (answer.status !== 406 || typeof got !== 'object' || got === null) return false;
  const message = got as Record<string, unknown>;
  if (fields.length === 0) return Object.values(message).includes('required');
  return fields.every((field) => Object.entries(message).some(([name, reason]) => reason === 'required' && isAcceptedFieldName(field, name)));
}

function judgeRead(input: JudgeInput): Problem[] {
  const { model, target, step } = input;
  const records = model.body as unknown[];
  if (model.status === 404) return refusedOrNothing(input, READ_NOTHING_STATUSES, '404 or 204: nothing found (§7)');
  if (records.length === 0 && step.id === undefined && target.status !== 200)
    return refusedOrNothing(input, EMPTY_INDEX_STATUSES, '200 [], 204 or 404 for an empty index');
  if (target.status !== 200 || !Array.isArray(target.json)) return [statusProblem(`200 with ${records.length} record(s) (§4.1)`, target)];
  const difference = compareRecordLists(records, target.json, { select: input.select });
  return difference ? [problem('model-records', difference.kind, 'the records the model holds', difference.message)] : [];
}

function refusedOrNothing(input: JudgeInput, statuses: readonly number[], expected: string): Problem[] {
  const { target } = input;
  if (target.status === 200 && Array.isArray(target.json) && target.json.length === 0 && statuses.includes(200)) return [];
  return target.status === 200 || !statuses.includes(target.status) ? [statusProblem(expected, target)] : [];
}

/** The model refused with 406: a duplicate id, missing fields, an unknown id on update, or a value the data model forbids. */
function judgeValidation(input: JudgeInput): Problem[] {
  const { model, step, target } = input;
  const message = (model.body as Item[])[0]?.message;
  const method = step.target.method;
  if (isDuplicateIdMessage(message)) {
    const problems = refused(input, (s) => s === 406, '406 "Id already found" (§4.1 rule 3)');
    if (problems.length > 0 || isDuplicateIdMessage(firstMessage(target))) return problems;
    return [problem('model-message', 'duplicate-id', 'message "Id already found" (§4.1 rule 3)', describe(target))];
  }
  const fields = typeof message === 'object' && message !== null ? Object.entries(message) : [];
  if (method === 'POST' && step.flaw === 'missing' && fields.length > 0 && fields.every(([, reason]) => reason === 'required')) {
    const names = fields.map(([field]) => field);
    const problems = refused(input, (s) => s === 406, `406 naming ${names.join(', ')} "required" (§4.1 rule 4)`);
    if (problems.length > 0 || namesMissingFields(target, names)) return problems;
    return [problem('model-message', 'missing-field', `a message object mapping ${names.join(', ')} to "required" (§4.1 rule 4)`, describe(target))];
  }
  if (method === 'PUT' && fields.length === 1 && fields[0]![0] === 'id' && fields[0]![1] === 'not found')
    return refused(input, (s) => UPDATE_UNKNOWN_ID_STATUSES.includes(s), `204, 400, 406 or 422: the record to update does not exist`);
  return refused(input, isRefusal, `a refusal (400, 406 or 422): the model refuses with 406 ${JSON.stringify(message)}`);
}

/** The body holds a shape the target may refuse: a nested extra field, a value in one of its forms, or a hidden-name field of another type. */
function refusableShape(input: JudgeInput): boolean {
  const { step } = input;
  const may = input.mayRefuseShape ?? (() => true);
  return step.openShapes.some((path) => may(path, false)) || (step.hiddenNameBreak !== undefined && may(step.hiddenNameBreak, true));
}

/** Raw bodies an implementation may accept or refuse (faithful-answers json-edge-values): the record is read back after them. */
export const OPEN_RAW_KINDS: ReadonlySet<string> = new Set(['deep-nesting', 'huge-number', 'invalid-utf8']);

/** What decides which rules a request breaks by itself. */
type BreakSite = Pick<JudgedRequest, 'flaw' | 'hiddenNameBreak'> & {
  op: Op;
  transport: Transport;
  hasBody: boolean;
  json: Record<string, unknown> | undefined;
  changedIdTo: string | undefined;
  openShapes: boolean;
};
const refusal = (a: WireAnswer) => isRefusal(a.status) && saysErrorWhereItMust(a);
const writes = (s: BreakSite) => s.op === 'create' || s.op === 'update';
const flawedAs = (s: BreakSite) => (s.transport.raw !== 'normal' || s.flaw === undefined || s.flaw === 'missing' ? undefined : writes(s) ? 'value' : 'query');

/**
 * The rules a request may break by itself (a taken or unknown id the records decide, reasonsToRefuse), each with the answers that fit it: a request that
 * breaks several may be answered for any one of them (faithful-answers order-of-checks).
 */
const REQUEST_BREAKS = {
  token: { when: (s) => s.transport.auth !== 'valid', fits: (a) => a.status === 401 },
  'media-type': { when: (s) => s.hasBody && (s.transport.contentType === 'text-plain' || s.transport.contentType === 'form'), fits: (a) => a.status === 415 },
  'no-media-type': { when: (s) => s.hasBody && s.transport.contentType === 'missing', fits: (a) => a.status === 415 || refusal(a) },
  'not-json': { when: (s) => s.transport.raw === 'malformed-json' || (s.transport.raw === 'not-an-object' && writes(s)), fits: refusal },
  'json-edge': { when: (s) => OPEN_RAW_KINDS.has(s.transport.raw), fits: refusal },
  // An update whose body sets no field but the id is as open as one without a body (faithful-answers empty-body-update).
  'empty-body': {
    when: (s) =>
      (s.transport.raw === 'empty' && writes(s)) ||
      (s.op === 'update' && s.transport.raw === 'normal' && s.json !== undefined && Object.keys(s.json).every((k) => k === 'id')),
    fits: (a, input) =>
      (input.step.target.method === 'POST' ? EMPTY_BODY_CREATE_STATUSES : EMPTY_BODY_UPDATE_STATUSES).includes(a.status) &&
      a.status !== 201 &&
      (a.status < 400 || saysErrorWhereItMust(a)),
  },
  'missing-field': { when: (s) => s.transport.raw === 'normal' && s.flaw === 'missing', fits: (a, input) => namesMissingFields(a, missingInModel(input)) },
  'invalid-value': { when: (s) => flawedAs(s) === 'value' && s.hiddenNameBreak === undefined, fits: refusal },
  // A scalar where a query object goes is a query that is not one (faithful-answers refusal-status).
  'invalid-query': {
    when: (s) => (s.transport.raw === 'not-an-object' && !writes(s)) || flawedAs(s) === 'query',
    fits: (a, input) => queryRefusalStatuses(input.step.target.method === 'DELETE' ? 'DELETE' : 'GET').includes(a.status) && saysErrorWhereItMust(a),
  },
  'hidden-name-type': { when: (s) => flawedAs(s) === 'value' && s.hiddenNameBreak !== undefined, fits: (a, input) => refusableShape(input) && refusal(a) },
  'open-shape': { when: (s) => s.openShapes && s.transport.raw === 'normal', fits: (a, input) => refusableShape(input) && refusal(a) },
  'id-change': { when: (s) => s.changedIdTo !== undefined, fits: refusal },
} satisfies Record<string, { when(site: BreakSite): boolean; fits(answer: WireAnswer, input: JudgeInput): boolean }>;

export type RequestBreak = keyof typeof REQUEST_BREAKS;

/** The rules of {@link REQUEST_BREAKS} the request breaks. */
export const requestBreaks = (site: BreakSite): RequestBreak[] =>
  (Object.keys(REQUEST_BREAKS) as RequestBreak[]).filter((name) => REQUEST_BREAKS[name].when(site));

/** The fields the model named missing, when it refused for them; else none, and any field named "required" fits. */
function missingInModel({ model }: JudgeInput): string[] {
  const message = model.status === 406 ? (model.body as Item[] | undefined)?.[0]?.message : undefined;
  return typeof message === 'object' && message !== null && Object.values(message).every((r) => r === 'required') ? Object.keys(message) : [];
}

/** Why the request may be refused, each with the answers that fit it: the rules it breaks by itself, a taken id on create, an unknown id on update. */
function reasonsToRefuse(input: JudgeInput): Array<{ reason: string; fits: (answer: WireAnswer) => boolean }> {
  const { step } = input;
  const method = step.target.method;
  const reasons = step.breaks.map((name) => ({ reason: name as string, fits: (a: WireAnswer) => REQUEST_BREAKS[name].fits(a, input) }));
  const body = jsonBodyOf(step.target.body);
  if (longestString(body) > LONGEST_VALUE_TAKEN)
    reasons.push({ reason: 'value-size', fits: (a) => SIZE_LIMIT_STATUSES.includes(a.status) && saysErrorWhereItMust(a) });
  if (holdsStoreLimitedValue(body)) reasons.push({ reason: 'store-limit', fits: (a) => STORE_LIMIT_STATUSES.includes(a.status) && saysErrorWhereItMust(a) });
  if (method === 'POST' && input.idTaken) reasons.push({ reason: 'duplicate-id', fits: (a) => a.status === 406 && isDuplicateIdMessage(firstMessage(a)) });
  if (method === 'PUT' && step.id !== undefined && !input.idTaken)
    reasons.push({ reason: 'unknown-id', fits: (a) => UPDATE_UNKNOWN_ID_STATUSES.includes(a.status) && (a.status === 204 || saysErrorWhereItMust(a)) });
  return reasons;
}

/**
 * The differential oracle: judges one answer of the target against the model's answer to the same request, then, where they differ, against the allowances
 * of src/contract/faithful-answers.ts. A failure lists every problem of the model's checks, each its own.
 */
export function judgeAnswer(input: JudgeInput): Verdict {
  const problems = judgeStrict(input);
  if (problems.length === 0) return OK;
  const { model, target } = input;
  const modelActed = [200, 201, 205].includes(model.status);
  const targetSucceeded = target.status >= 200 && target.status < 400;
  const reasons = reasonsToRefuse(input);
  // nested-extra-fields, hidden-name-fields, resource-config-path, config-schema-spelling: the target may refuse what the model stores, where it refuses that shape.
  if (modelActed && refusableShape(input) && isRefusal(target.status) && saysErrorWhereItMust(target)) return { ok: true, effect: 'rollback' };
  // value-size-limit, nul-character, number-range: a long string value, U+0000 in a string or a number beyond the range every target must take may be
  // refused (also before another rule it breaks), nothing stored.
  const limited = reasons.some((r) => LIMIT_REASONS.has(r.reason) && r.fits(target));
  if (modelActed && limited) return { ok: true, effect: 'rollback' };
  // The same on a request that changes nothing either way (a read or delete whose `expr` matches nothing): the refusal is the whole answer.
  if (!modelActed && limited) return OK;
  // json-edge-values: deep nesting, 1e400 or non-UTF-8 bytes may be stored; the record is read back and adopted.
  if (input.step.resyncAfter && !modelActed && targetSucceeded && target.status !== 204) return { ok: true, effect: 'resync' };
  // order-of-checks (several rules broken: any of their answers), empty-body-create / -update.
  const severalOrOpen = reasons.length >= 2 || reasons.some((r) => r.reason === 'empty-body');
  if (!modelActed && severalOrOpen && reasons.some((r) => r.fits(target))) return OK;
  return { ok: false, problems };
}

/** The reasons a value's limit gives (value-size-limit; nul-character and number-range): a refusal for one of them is faithful whatever the model did. */
const LIMIT_REASONS: ReadonlySet<string> = new Set(['value-size', 'store-limit']);

function longestString(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  return typeof value === 'object' && value !== null ? Math.max(0, ...Object.values(value).map(longestString)) : 0;
}

function judgeStrict(input: JudgeInput): Problem[] {
  const { model, step } = input;
  const method = step.target.method;
  switch (model.status) {
    case 401:
      return refused(input, (s) => s === 401, '401: authentication failed (§5)');
    case 415:
      return step.target.headers['content-type'] !== undefined
        ? refused(input, (s) => s === 415, '415: the body is not sent as application/json (§7)')
        : refused(input, (s) => s === 415 || isRefusal(s), 'a refusal of a body without Content-Type');
    case 406:
      return judgeValidation(input);
    case 404:
      return method === 'GET' ? judgeRead(input) : refused(input, (s) => s === 404, '404: nothing to delete (§7)');
    case 400: {
      const statuses = step.breaks.includes('invalid-query') ? queryRefusalStatuses(method === 'DELETE' ? 'DELETE' : 'GET') : REFUSAL_STATUSES;
      return refused(input, (s) => statuses.includes(s), `a refusal (${statuses.join(', ')}): the model answers 400`);
    }
    case 204:
      return refused(input, (s) => s === 204, '204: nothing to act on');
    case 201: {
      const problems = success(input, 201, 201, '201 created (§4.1)', true);
      const id = input.createdId ?? step.id;
      const items = itemsOf(input.target.json);
      if (problems.some((p) => p.check === 'model-envelope') || id === undefined || !items || input.target.status >= 300) return problems;
      const messages = items.map((i) => (typeof i.message === 'string' ? i.message : JSON.stringify(i.message)));
      if (!messages.some((m) => m.includes(id)))
        problems.push(problem('model-message', 'create-id', `a create message naming the id ${id} (§4.1)`, describe(input.target)));
      return problems;
    }
    case 200:
      return method === 'GET' ? judgeRead(input) : success(input, 200, 200, '200 updated (§4.1)', true);
    case 304:
      return success(input, 304, 304, '304: the update changes nothing (§4.1)', false);
    case 205:
      return success(input, 205, 200, '205 deleted, envelope code 200 (§4.1)', !input.bodiless205);
    default:
      return refused(input, isRefusal, `a refusal: the model answers ${model.status}`);
  }
}
