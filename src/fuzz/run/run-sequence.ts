import { INDEX_NAMES, operationIdFor, type IndexName, type StoredRecord } from '../../reference-server/core/index.js';
import { buildStep } from '../generate/build-step.js';
import { cleanUpIndex, ownedBy } from './clean-up-index.js';
import { isStoredRecord, plainRequest, recordsInAnswer, type FuzzContext, type FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { createModelOracle, type ModelState } from '../judge/model-oracle.js';
import { answerOrFailure, exchange, failureOf, judgeWithModel, learnGeneratedId, learnNewRecordId, readBack, type SequenceState } from './run-step.js';
import { createSequenceIds } from '../generate/sequence-ids.js';

/**
 * How a sequence ended: its first disagreement, if any — or, when the time budget cut one of its
 * requests short, nothing to judge: that sequence neither passed nor failed.
 */
export type SequenceResult = { cutShort: false; failure: FuzzFailure | undefined } | { cutShort: true };

/** The select of a read's query body as sent, for the `select` may add `id` tolerance. */
function selectOf(body: Buffer | undefined): string[] | undefined {
  try {
    const select = (JSON.parse(body?.toString('utf8') ?? 'null') as { select?: unknown } | null)?.select;
    return Array.isArray(select) && select.every((s) => typeof s === 'string') ? select : undefined;
  } catch {
    return undefined;
  }
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
    const learned = built.marker !== undefined ? await learnGeneratedId(state, built) : await learnNewRecordId(state, built);
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
