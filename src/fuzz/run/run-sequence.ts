import { INDEX_NAMES, operationIdFor, type CoreRequest, type CoreResponse, type IndexName, type StoredRecord } from '../../reference-server/core/index.js';
import { buildStep, type BuiltStep } from '../generate/build-step.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { cleanUpIndex, ownedBy } from './sweep-run-records.js';
import { isStoredRecord, plainRequest, recordsInAnswer, type Exchange, type ExchangeRole, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { createModelOracle, type ModelOracle, type ModelState } from '../judge/model-oracle.js';
import { judgeAnswer, plainJudged, type Verdict } from '../judge/judge-answer.js';
import { assertSafeRequest } from './safety-guard.js';
import { createSequenceIds, type SequenceIds } from '../generate/sequence-ids.js';
import type { SendResult, WireAnswer } from './send-wire-request.js';
import { checkStateless } from '../judge/stateless-check.js';
import { whereReadingAlternatives } from '../judge/where-readings.js';
import { shapeKey } from './probe-entry-shapes.js';
import type { WireRequest } from '../generate/wire-request.js';
import { parseJsonText } from '../../spec/parse-json-text.js';

/**
 * How a sequence ended: its first disagreement, if any — or, when the time budget cut one of its
 * requests short, nothing to judge: that sequence neither passed nor failed.
 */
export type SequenceResult = { cutShort: false; failure: FuzzFailure | undefined } | { cutShort: true };

/** One running sequence: the run's context, its ids, its model and what it sent so far. */
interface SequenceState {
  context: FuzzContext;
  ids: SequenceIds;
  model: ModelOracle;
  exchanges: Exchange[];
}

/** Sends one request to the target (after the safety guard; a clean-up one within the clean-up allowance) and records the exchange. */
export async function exchange(
  state: Pick<SequenceState, 'context' | 'exchanges'>,
  role: ExchangeRole,
  description: string,
  request: WireRequest,
): Promise<SendResult> {
  const cleanUp = role === 'cleanup';
  assertSafeRequest(request, state.context, cleanUp);
  const result = await state.context.sender.send(request, cleanUp ? state.context.budget.cleanUpUntil : undefined);
  const entry = { role, description, request, result };
  state.exchanges.push(entry);
  state.context.observe?.(entry);
  return result;
}

/** A failure named by operation, rule, check and cause, with the exchanges so far. */
function failureOf(
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
function answerOrFailure(
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
async function readBack(
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
  const verdict = judgeAnswer({
    step: plainJudged(target, id),
    model: expected,
    target: answer,
    documented: state.context.documented(operationId),
    idTaken: false,
  });
  return verdict.ok ? undefined : failureOf(state, label, undefined, `${description} (what the target holds now)`, verdict);
}

/**
 * After a create without id that the target answered 201: the id the target gave the record,
 * found by its marker field — or, for a create without a marker (no body, faithful-answers
 * empty-body-create), as the one record the target holds and the model does not. Call it before
 * the model sees the step.
 */
async function learnCreatedId(state: SequenceState, built: BuiltStep): Promise<string | FuzzFailure> {
  const { index, marker } = built;
  const description = marker === undefined ? `find the ${index} record the create made` : `find the created ${index} by ${MARKER_FIELDS.fuzz}`;
  const records = recordsInAnswer(await exchange(state, 'lookup', description, plainRequest(state.context, 'GET', index, undefined).target)) ?? [];
  const known = new Set(state.model.state()[index].map((r) => r.id));
  const fresh = records.filter((r): r is StoredRecord => isStoredRecord(r) && !known.has(r.id));
  const matches =
    marker === undefined
      ? fresh
      : records.filter((r): r is StoredRecord => typeof r === 'object' && r !== null && (r as Record<string, unknown>)[MARKER_FIELDS.fuzz] === marker);
  if (matches.length === 1 && typeof matches[0]!.id === 'string') return matches[0]!.id;
  // The marker is gone (the target dropped an extra field, §2 rule 4): the record it made is still
  // the run's — learned from what the index holds that the model does not, so the clean-up removes it.
  if (marker !== undefined && matches.length === 0 && fresh.length === 1) {
    state.ids.learn(index, fresh[0]!.id);
    state.context.generatedIds.add(fresh[0]!.id);
  }
  return failureOf(state, 'after-create', 'generated-id', built.description, {
    rule: 'create',
    check: matches.length === 0 ? 'record-not-found' : 'records-duplicated',
    expected:
      marker === undefined
        ? 'one new record with a generated id (§2 rule 3): the create answered 201'
        : `one record with ${MARKER_FIELDS.fuzz} ${marker} and a generated id (§2 rule 3)`,
    actual: `${matches.length} ${marker === undefined ? 'new' : 'such'} record(s) in a read of every ${index}`,
  });
}

/** Runs the model on the step and on its alternatives until the target's answer is acceptable. */
async function judgeWithModel(
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
/** The select of a read's query body as sent, for the `select` may add `id` tolerance. */
function selectOf(body: Buffer | undefined): string[] | undefined {
  const parsed = parseJsonText(body?.toString('utf8') ?? 'null');
  const select = parsed.ok ? (parsed.data as { select?: unknown } | null)?.select : undefined;
  return Array.isArray(select) && select.every((s) => typeof s === 'string') ? select : undefined;
}

/** Replaces the model's copy of a record by what the target holds (an open case the target accepted). */
async function adopt(state: SequenceState, index: IndexName, id: string | undefined): Promise<void> {
  if (id === undefined) return;
  const result = await exchange(state, 'read-back', `read ${index} ${id} (adopt what the target stored)`, plainRequest(state.context, 'GET', index, id).target);
  const record = (recordsInAnswer(result) ?? []).find((r) => isStoredRecord(r) && r.id === id);
  if (record) state.model.put(index, record as StoredRecord);
  else state.model.remove(index, id);
}

/**
 * One step: send it, check the answer on its own, learn a generated id, judge it against the
 * model (and its open alternatives), then read the touched record back from both sides. A delete
 * by where on an index whose where was not seen to filter is skipped (probe-where.ts).
 */
async function runOneStep(state: SequenceState, step: FuzzStep): Promise<FuzzFailure | undefined> {
  const { context, ids } = state;
  const onBase = step.op === 'delete' && step.slot === undefined;
  if (onBase && !context.allowDestructive && !context.whereTrusted.has(step.index)) return undefined;
  const built = buildStep(step, {
    doc: context.doc,
    spec: context.spec,
    ids,
    auth: context.auth,
    allowDestructive: context.allowDestructive,
    recordOf: (index, id) => state.model.record(index, id),
  });
  const select = step.op === 'read' ? selectOf(built.target.body) : undefined;
  const answer = answerOrFailure(
    state,
    await exchange(state, 'step', built.description, built.target),
    built.operationId,
    step.op,
    built.cause,
    built.description,
    select,
  );
  if ('signature' in answer) return answer;
  let createdId: string | undefined;
  if ((built.marker !== undefined || built.createdWithoutMarker) && answer.status === 201) {
    const learned = await learnCreatedId(state, built);
    if (typeof learned !== 'string') return learned;
    createdId = learned;
    ids.learn(step.index, learned);
    context.generatedIds.add(learned);
  }
  const { verdict, before } = await judgeWithModel(state, built, answer, createdId, select);
  if (!verdict.ok) return failureOf(state, step.op, built.cause, built.description, verdict);
  if (verdict.effect === 'rollback') state.model.restore(before);
  if (verdict.effect === 'resync') await adopt(state, step.index, built.id);
  if (step.op === 'read') return undefined;
  const label = `after-${step.op}`;
  const id = createdId ?? built.id;
  const failure = id !== undefined || onBase ? await readBack(state, step.index, id, label) : undefined;
  if (failure || built.changedIdTo === undefined) return failure;
  return readBack(state, step.index, built.changedIdTo, label);
}

/**
 * Deletes, by id, every record of this sequence the target still holds; restores foreign records
 * after a destructive run. It has the clean-up allowance after the budget: a sequence cut short
 * by the budget is still cleaned up, and what this cannot delete the run's final sweep finds.
 */
async function cleanUp(state: SequenceState, snapshot: Partial<ModelState>): Promise<void> {
  const { context, ids } = state;
  const owned = ownedBy(ids.prefix, ids.learned);
  // Should an index not read back, these are the ids the sequence may have made there.
  const known = (index: IndexName) => [
    ...new Set([
      ...state.model
        .state()
        [index].filter(owned)
        .map((r) => r.id),
      ids.slotId(index, 0),
      ids.slotId(index, 1),
      ids.otherId(index),
    ]),
  ];
  await Promise.all(INDEX_NAMES.map((index) => cleanUpIndex(context, index, owned, snapshot[index] ?? [], context.budget.cleanUpUntil, known(index))));
}

/**
 * Runs one generated sequence against the target and, in the same order, against a fresh model
 * core holding what the target held at the start. After every step it checks the answer
 * (stateless checks, then the model under the tolerances), reads the touched record back from
 * both, and at the end compares every index. Whatever happens, it deletes the sequence's records.
 */
export async function runSequence(steps: readonly FuzzStep[], sequence: number, context: FuzzContext): Promise<SequenceResult> {
  const ids = createSequenceIds(context.runPrefix, sequence);
  const state: SequenceState = { context, ids, model: createModelOracle(context.modelSecret, {}), exchanges: [] };
  const snapshot: Partial<ModelState> = {};
  let failure: FuzzFailure | undefined;
  try {
    failure = await runSteps(state, steps, snapshot);
  } finally {
    await cleanUp(state, snapshot);
  }
  // A request the budget cut short would read as "no answer": a finding about the run, not the target.
  if (state.exchanges.some((e) => !e.result.ok && e.result.cutShort)) return { cutShort: true };
  return { cutShort: false, failure };
}

/** Snapshot, steps, final comparison: the body of {@link runSequence}. */
async function runSteps(state: SequenceState, steps: readonly FuzzStep[], snapshot: Partial<ModelState>): Promise<FuzzFailure | undefined> {
  for (const index of INDEX_NAMES) {
    const { target } = plainRequest(state.context, 'GET', index, undefined);
    const description = `read every ${index}`;
    const answer = answerOrFailure(
      state,
      await exchange(state, 'snapshot', description, target),
      operationIdFor(index, 'GET', false),
      'read',
      undefined,
      description,
    );
    if ('signature' in answer) return answer;
    const records = recordsInAnswer({ ok: true, answer });
    if (!records)
      return failureOf(state, 'read', undefined, description, {
        rule: 'read',
        check: 'status',
        expected: '200 with the records, or 204 / 404 for none',
        actual: String(answer.status),
      });
    snapshot[index] = records.filter(isStoredRecord);
  }
  state.model = createModelOracle(state.context.modelSecret, snapshot);
  for (const step of steps) {
    const failure = await runOneStep(state, step);
    if (failure) return failure;
  }
  for (const index of INDEX_NAMES) {
    const failure = await readBack(state, index, undefined, 'end', 'final-read');
    if (failure) return failure;
  }
  return undefined;
}
