import { type CoreRequest, type CoreResponse, operationIdFor, type IndexName, type StoredRecord } from '../../reference-server/core/index.js';
import type { BuiltStep } from '../generate/build-step.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { isStoredRecord, plainRequest, recordsInAnswer, type Exchange, type ExchangeRole, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import { judgeAnswer, type Verdict } from '../judge/judge-answer.js';
import type { ModelOracle } from '../judge/model-oracle.js';
import { assertSafeRequest } from './safety-guard.js';
import type { SequenceIdBook } from '../generate/sequence-ids.js';
import type { SendResult, WireAnswer } from './send-wire-request.js';
import { checkStateless } from '../judge/stateless-check.js';
import { whereReadingAlternatives } from '../judge/where-readings.js';
import { shapeKey } from './probe-entry-shapes.js';
import type { WireRequest } from '../generate/wire-request.js';

/** One running sequence: the run's context, its ids, its model and what it sent so far. */
export interface SequenceState {
  context: FuzzContext;
  ids: SequenceIdBook;
  model: ModelOracle;
  exchanges: Exchange[];
}

/** Sends one request to the target (after the safety guard) and records the exchange. */
export async function exchange(state: SequenceState, role: ExchangeRole, description: string, request: WireRequest): Promise<SendResult> {
  assertSafeRequest(request, state.context, role === 'cleanup');
  const result = await state.context.sender.send(request);
  const entry = { role, description, request, result };
  state.exchanges.push(entry);
  state.context.observe?.(entry);
  return result;
}

/** A failure named by operation, rule, check and cause, with the exchanges so far. */
export function failureOf(
  state: SequenceState,
  label: string,
  cause: string | undefined,
  description: string,
  found: { rule: string; check: string; expected: string; actual: string },
): FuzzFailure {
  return {
    signature: [label, found.rule, found.check, cause].filter(Boolean).join(':'),
    title: `${description}: expected ${found.expected}; the target answered ${found.actual}`,
    expected: found.expected,
    actual: found.actual,
    exchanges: reproExchanges(state.exchanges),
  };
}

/**
 * What a failure's repro replays: the steps and probes, not the snapshot reads and clean-up around
 * them — unless the failing answer is a snapshot read itself (a record an earlier sequence left
 * that breaks every read of its index): then that read is the whole repro, not an empty one.
 */
function reproExchanges(exchanges: readonly Exchange[]): Exchange[] {
  const last = exchanges[exchanges.length - 1];
  return exchanges.filter((e) => (e.role !== 'snapshot' && e.role !== 'cleanup') || (e === last && e.role === 'snapshot'));
}

/** The answer, or the failure of getting none / of an answer that breaks the spec on its own. */
export function answerOrFailure(
  state: SequenceState,
  result: SendResult,
  operationId: string,
  label: string,
  cause: string | undefined,
  description: string,
  select?: readonly string[],
): WireAnswer | FuzzFailure {
  if (!result.ok) return failureOf(state, label, cause, description, { rule: 'no-answer', check: 'dropped', expected: 'an answer', actual: result.error });
  const problem = checkStateless(state.context.spec, operationId, result.answer, select);
  // Grouped across operations: a 500 by what caused it (malformed JSON on every route is one
  // failure), any other break of the spec by the status it came with (one bad 404 body is one failure).
  const group = problem?.check === 'server-error' ? (cause ?? 'valid') : String(result.answer.status);
  if (problem)
    return failureOf(state, 'any', group, description, {
      rule: 'spec',
      check: problem.check,
      expected: 'an answer the spec documents',
      actual: problem.message,
    });
  return result.answer;
}

/** Reads one record (or, without id, the index) from both sides and judges the target's answer. */
export async function readBack(
  state: SequenceState,
  index: IndexName,
  id: string | undefined,
  label: string,
  role: ExchangeRole = 'read-back',
): Promise<FuzzFailure | undefined> {
  const { target, model } = plainRequest(state.context, 'GET', index, id);
  const description = `read ${index} ${id ?? '(all records)'}`;
  const operationId = operationIdFor(index, 'GET', id !== undefined);
  const answer = answerOrFailure(state, await exchange(state, role, description, target), operationId, label, undefined, description);
  if ('signature' in answer) return answer;
  const expected = await state.model.handle(model);
  const step = { target, id, openShapes: [], resyncAfter: false, flaw: undefined, breaks: [], hiddenNameBreak: undefined };
  const verdict = judgeAnswer({
    step,
    model: expected,
    target: answer,
    documented: state.context.documented(operationId),
    select: undefined,
    createdId: undefined,
    idTaken: false,
  });
  return verdict.ok ? undefined : failureOf(state, label, undefined, `${description} (what the target holds now)`, verdict);
}

/** After a create without id: the id the target gave the record, found by its marker field. */
export async function learnGeneratedId(state: SequenceState, built: BuiltStep): Promise<string | FuzzFailure> {
  const { target } = plainRequest(state.context, 'GET', built.index, undefined);
  const result = await exchange(state, 'lookup', `find the created ${built.index} by ${MARKER_FIELDS.fuzz}`, target);
  const records = recordsInAnswer(result) ?? [];
  const found = records.filter(
    (r): r is StoredRecord => typeof r === 'object' && r !== null && (r as Record<string, unknown>)[MARKER_FIELDS.fuzz] === built.marker,
  );
  if (found.length === 1 && typeof found[0]!.id === 'string') return found[0]!.id;
  // The marker is gone (the target dropped an extra field, §2 rule 4): the record it made is still
  // the run's — learned from what the index holds that the model does not, so the clean-up removes it.
  const fresh = records.filter((r): r is StoredRecord => isStoredRecord(r) && !state.model.state()[built.index].some((m) => m.id === r.id));
  if (found.length === 0 && fresh.length === 1) {
    state.ids.learn(built.index, fresh[0]!.id);
    state.context.generatedIds.add(fresh[0]!.id);
  }
  return failureOf(state, 'after-create', 'generated-id', built.description, {
    rule: 'create',
    check: found.length === 0 ? 'record-not-found' : 'records-duplicated',
    expected: `one record with ${MARKER_FIELDS.fuzz} ${built.marker} and a generated id (§2 rule 3)`,
    actual: `${found.length} such record(s) in a read of every ${built.index}`,
  });
}

/**
 * After a create without id and without a marker (no body) that the target answered 201
 * (faithful-answers empty-body-create): the id of the one record the target holds and the
 * model does not. Call it before the model sees the step.
 */
export async function learnNewRecordId(state: SequenceState, built: BuiltStep): Promise<string | FuzzFailure> {
  const { target } = plainRequest(state.context, 'GET', built.index, undefined);
  const result = await exchange(state, 'lookup', `find the ${built.index} record the create made`, target);
  const known = new Set(state.model.state()[built.index].map((r) => r.id));
  const fresh = (recordsInAnswer(result) ?? []).filter(
    (r): r is StoredRecord => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string' && !known.has((r as StoredRecord).id),
  );
  if (fresh.length === 1) return fresh[0]!.id;
  return failureOf(state, 'after-create', 'generated-id', built.description, {
    rule: 'create',
    check: fresh.length === 0 ? 'record-not-found' : 'records-duplicated',
    expected: 'one new record with a generated id (§2 rule 3): the create answered 201',
    actual: `${fresh.length} new record(s) in a read of every ${built.index}`,
  });
}

/** Runs the model on the step and on its alternatives until the target's answer is acceptable. */
export async function judgeWithModel(
  state: SequenceState,
  built: BuiltStep,
  answer: WireAnswer,
  createdId: string | undefined,
  select: readonly string[] | undefined,
): Promise<{ verdict: Verdict; before: ReturnType<ModelOracle['state']> }> {
  const before = state.model.state();
  const documented = state.context.documented(built.operationId);
  const idTaken = built.id !== undefined && before[built.index].some((r) => r.id === built.id);
  const judge = async (request: CoreRequest): Promise<{ verdict: Verdict; response: CoreResponse }> => {
    const response = await state.model.handle(request);
    const mayRefuseShape = (path: string, wrongType: boolean) => mayRefuse(state.context, path, wrongType);
    return {
      response,
      verdict: judgeAnswer({
        step: built,
        model: response,
        target: answer,
        documented,
        select,
        createdId,
        idTaken,
        bodiless205: state.context.bodiless205,
        mayRefuseShape,
      }),
    };
  };
  state.model.useGeneratedId(createdId);
  const primary = await judge(built.model);
  if (primary.verdict.ok) return { verdict: primary.verdict, before };
  // where-on-list, where-on-non-string: each reading of where.equals, on the request and on each of its open alternatives.
  const noSuchId = `${state.context.runPrefix}matches-nothing`;
  const readings = [built.model, ...built.alternatives.map((a) => a.request)].flatMap((request) =>
    whereReadingAlternatives(request, before[built.index], noSuchId),
  );
  for (const alternative of [...built.alternatives, ...readings]) {
    state.model.restore(before);
    state.model.useGeneratedId(createdId);
    const { verdict } = await judge(alternative.request);
    if (verdict.ok) return { verdict, before };
  }
  return { verdict: primary.verdict, before };
}

/** Whether the target was seen to refuse the shape at `path` (or the probe could not tell). */
function mayRefuse(context: FuzzContext, path: string, wrongType: boolean): boolean {
  if (context.refusedShapes === undefined) return true;
  const key = shapeKey(path, context.hiddenNames);
  return context.refusedShapes.has(wrongType ? `${key}!type` : key);
}
