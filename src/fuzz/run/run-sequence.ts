import { INDEX_NAMES, indexTable, operationIdFor, type CoreRequest, type IndexName } from '../../server/core/index.js';
import { buildStep, commandOf, hostileKey, type BuiltStep } from '../model/commands.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { cleanUpIndex, ownedBy } from './sweep-run-records.js';
import { cutShortIn, exchange, failureOf, plainRequest, readRecords, type ExchangeLog, type ExchangeRole, type FuzzFailure } from './fuzz-session.js';
import type { FuzzStep } from '../generate/fuzz-step.js';
import { createModelOracle, type ModelOracle, type ModelState } from '../model/model-oracle.js';
import { judgeAnswer, plainJudged, type Verdict } from '../checks/judge-answer.js';
import { answerProblems, type Found } from '../checks/answer-checks.js';
import { applicable, type Problem } from '../checks/check-table.js';
import { createSequenceIds, type SequenceIds } from '../generate/sequence-ids.js';
import type { WireAnswer } from './send-wire-request.js';
import { jsonBodyOf } from '../generate/wire-request.js';
import { whereReadingAlternatives } from '../checks/where-readings.js';
import { shapeKey } from '../../contract/spec/open-shapes.js';

/** A failure of a sequence, with what shrinking needs: the steps up to the one that showed it, and that step's hostile key. */
export type SequenceFailure = FuzzFailure & { prefix: number; hostile: string | undefined };
export type SequenceResult = { cutShort: boolean; failures: SequenceFailure[] };

/** One running sequence: its ids, its model, what it sent and found so far, and the step running. */
interface SequenceState extends ExchangeLog {
  ids: SequenceIds;
  model: ModelOracle;
  failures: SequenceFailure[];
  prefix: number;
  hostile: string | undefined;
  /** Indices where the model took from the target a record its stored schema refuses: an update there cannot be judged (its model refuses for that record). */
  adoptedBroken: Set<IndexName>;
}

const storedSchema = (index: IndexName) => indexTable.find((entry) => entry.name === index)!.schemas.stored;

/** Records the problems of one answer that are not moot (check-table.ts) and whose check runs; true when any problem is left. */
function report(state: SequenceState, description: string, found: readonly Found[]): boolean {
  const kept = new Set(applicable(found.map((f) => f.problem)));
  // The repro: steps and probes, not the snapshot reads and clean-up — unless the answer is a snapshot read itself.
  const last = state.exchanges.at(-1);
  const repro = state.exchanges.filter((e) => (e.role !== 'snapshot' && e.role !== 'cleanup') || (e === last && e.role === 'snapshot'));
  for (const { operation, problem } of found)
    if (kept.has(problem) && state.context.checks.has(problem.check))
      state.failures.push({ ...failureOf(operation, problem, description, repro), prefix: state.prefix, hostile: state.hostile });
  return kept.size > 0;
}

/** The model takes every record of the index as the target lists it: after a disagreement, the sequence goes on from what the target holds. */
async function resync(state: SequenceState, index: IndexName): Promise<void> {
  const records = await readRecords(state, 'lookup', index);
  if (!records) return;
  state.model.restore({ ...state.model.state(), [index]: records });
  const ours = records.filter(ownedBy(state.ids.prefix, state.ids.learned));
  if (ours.some((record) => state.context.spec.validateSchema(storedSchema(index), record).length > 0)) state.adoptedBroken.add(index);
}

/** Reads one record (or, without id, the index) from both sides: a wrong read is the wrong `effect` of `operation`, the step before it. */
async function readBack(state: SequenceState, index: IndexName, id: string | undefined, operation: string, role: ExchangeRole = 'read-back') {
  const { target, model } = plainRequest(state.context, 'GET', index, id);
  const description = `read ${index} ${id ?? '(all records)'}`;
  const result = await exchange(state, role, description, target);
  const found = answerProblems(state.context, result, operationIdFor(index, 'GET', id !== undefined), description);
  if (!result.ok) return void report(state, description, found);
  const verdict = judgeAnswer({ step: plainJudged(target, id), model: await state.model.handle(model), target: result.answer, idTaken: false });
  const effects = verdict.ok
    ? []
    : verdict.problems.map((p): Problem => ({ ...p, check: 'effect', observed: p.check === 'model-records' ? p.observed : `read-${result.answer.status}` }));
  if (report(state, `${description} (what the target holds now)`, [...found, ...effects.map((problem) => ({ operation, problem }))]))
    await resync(state, index);
}

/** After a create without id answered 201: the id the target gave it, by its marker — or, without one, as the one record the model does not hold. */
async function learnCreatedId(state: SequenceState, built: BuiltStep): Promise<string | Problem> {
  const { index, marker } = built;
  const records = (await readRecords(state, 'lookup', index)) ?? [];
  const known = new Set(state.model.state()[index].map((r) => r.id));
  const fresh = records.filter((r) => !known.has(r.id));
  const matches = marker === undefined ? fresh : records.filter((r) => r[MARKER_FIELDS.fuzz] === marker);
  if (matches.length === 1) return matches[0]!.id;
  // The marker is gone (the target dropped an extra field, §2 rule 4): the record is still the run's, for the clean-up.
  if (marker !== undefined && matches.length === 0 && fresh.length === 1) {
    state.ids.learn(index, fresh[0]!.id);
    state.context.generatedIds.add(fresh[0]!.id);
  }
  const expected =
    marker === undefined
      ? 'one new record with a generated id (§2 rule 3): the create answered 201'
      : `one record with ${MARKER_FIELDS.fuzz} ${marker} and a generated id (§2 rule 3)`;
  const actual = `${matches.length} ${marker === undefined ? 'new' : 'such'} record(s) in a read of every ${index}`;
  return { check: 'generated-id', observed: matches.length === 0 ? 'record-not-found' : 'records-duplicated', expected, actual };
}

/** Runs the model on the step, then on its open alternatives and where readings, until the target's answer is acceptable. */
async function judgeWithModel(
  state: SequenceState,
  built: BuiltStep,
  answer: WireAnswer,
  createdId: string | undefined,
  select: readonly string[] | undefined,
) {
  const before = state.model.state();
  const idTaken = built.id !== undefined && before[built.index].some((r) => r.id === built.id);
  const { context } = state;
  const mayRefuseShape = (path: string, wrongType: boolean) =>
    context.refusedShapes === undefined || context.refusedShapes.has(`${shapeKey(path, context.hiddenNames)}${wrongType ? '!type' : ''}`);
  const judge = async (request: CoreRequest): Promise<Verdict> => {
    state.model.restore(before);
    state.model.useGeneratedId(createdId);
    const model = await state.model.handle(request);
    return judgeAnswer({ step: built, model, target: answer, select, createdId, idTaken, bodiless205: context.bodiless205, mayRefuseShape });
  };
  const primary = await judge(built.model);
  if (primary.ok) return { verdict: primary, before };
  // where-on-list, where-on-non-string: each reading of where.equals, on the request and on each of its open alternatives.
  const noSuchId = `${context.runPrefix}matches-nothing`;
  const readings = [built.model, ...built.alternatives.map((a) => a.request)].flatMap((r) => whereReadingAlternatives(r, before[built.index], noSuchId));
  for (const alternative of [...built.alternatives, ...readings]) {
    const verdict = await judge(alternative.request);
    if (verdict.ok) return { verdict, before };
  }
  return { verdict: primary, before };
}

/** The select of a read's query body as sent (select-adds-id, select-absent-field). */
function selectOf(body: Buffer | undefined): string[] | undefined {
  const select = (jsonBodyOf(body) as { select?: unknown } | undefined)?.select;
  return Array.isArray(select) && select.every((s) => typeof s === 'string') ? select : undefined;
}

/** One step, by its command: send it, check the answer, learn a generated id, judge it against the model, read back what it touched. */
async function runOneStep(state: SequenceState, step: FuzzStep): Promise<void> {
  const { context, ids } = state;
  const command = commandOf(step);
  if (command.check && !command.check(step, context)) return;
  const built = buildStep(step, { ...context, ids, recordOf: (index, id) => state.model.record(index, id) });
  const select = step.op === 'read' ? selectOf(built.target.body) : undefined;
  const result = await exchange(state, 'step', built.description, built.target);
  const found = answerProblems(context, result, built.operationId, built.description, select);
  if (!result.ok) {
    report(state, built.description, found);
    return resync(state, step.index);
  }
  // A deviation already reported left a record the description forbids: the model would refuse an update for it, not for the request (a knock-on).
  if (step.op === 'update' && state.adoptedBroken.has(step.index)) {
    report(state, built.description, found);
    return resync(state, step.index);
  }
  let createdId: string | undefined;
  if ((built.marker !== undefined || built.createdWithoutMarker) && result.answer.status === 201) {
    const learned = await learnCreatedId(state, built);
    if (typeof learned !== 'string') {
      report(state, built.description, [...found, { operation: built.operationId, problem: learned }]);
      return resync(state, step.index);
    }
    createdId = learned;
    ids.learn(step.index, learned);
    context.generatedIds.add(learned);
  }
  const { verdict, before } = await judgeWithModel(state, built, result.answer, createdId, select);
  report(state, built.description, [...found, ...(verdict.ok ? [] : verdict.problems.map((problem) => ({ operation: built.operationId, problem })))]);
  if (!verdict.ok) return resync(state, step.index);
  if (verdict.effect === 'rollback') state.model.restore(before);
  // json-edge-values: an open case the target accepted; the model takes the record as the target stored it.
  if (verdict.effect === 'resync' && built.id !== undefined) {
    const record = (await readRecords(state, 'read-back', step.index, built.id))?.find((r) => r.id === built.id);
    if (record) state.model.put(step.index, record);
    else state.model.remove(step.index, built.id);
  }
  for (const id of command.touched(step, built, createdId)) await readBack(state, step.index, id, built.operationId);
}

/** Deletes, by id, every record of this sequence the target still holds; should an index not read back, the ids the sequence may have made are deleted blindly. */
async function cleanUp(state: SequenceState, snapshot: Partial<ModelState>): Promise<void> {
  const { context, ids } = state;
  const owned = ownedBy(ids.prefix, ids.learned);
  const modelled = state.model.state();
  const known = (index: IndexName) => [
    ...new Set([...modelled[index].filter(owned).map((r) => r.id), ids.slotId(index, 0), ids.slotId(index, 1), ids.otherId(index)]),
  ];
  await Promise.all(INDEX_NAMES.map((index) => cleanUpIndex(context, index, owned, snapshot[index] ?? [], context.budget.cleanUpUntil, known(index))));
}

/**
 * The model runner: runs the steps against the target and, in the same order, against a fresh model core holding what the target held at the start. A
 * failure does not end the sequence: the model takes what the target holds and goes on. Whatever happens, the sequence's records are deleted.
 */
export async function runSequence(steps: readonly FuzzStep[], sequence: number, context: SequenceState['context']): Promise<SequenceResult> {
  const ids = createSequenceIds(context.runPrefix, sequence);
  const model = createModelOracle(context.modelSecret, {});
  const state: SequenceState = { context, ids, model, exchanges: [], failures: [], prefix: 0, hostile: undefined, adoptedBroken: new Set() };
  const snapshot: Partial<ModelState> = {};
  try {
    await runSteps(state, steps, snapshot);
  } finally {
    await cleanUp(state, snapshot);
  }
  return { cutShort: cutShortIn(state), failures: state.failures };
}

/** The snapshot of every index (a read that lists no records leaves nothing to model: the sequence ends), the steps, the final reads. */
async function runSteps(state: SequenceState, steps: readonly FuzzStep[], snapshot: Partial<ModelState>): Promise<void> {
  for (const index of INDEX_NAMES) {
    const operation = operationIdFor(index, 'GET', false);
    const records = await readRecords(state, 'snapshot', index);
    const result = state.exchanges.at(-1)!.result;
    const status = result.ok ? String(result.answer.status) : 'no answer';
    const unlisted = { check: 'model-status' as const, observed: status, expected: '200 with the records, or 204 / 404 for none', actual: status };
    report(state, `read every ${index}`, [
      ...answerProblems(state.context, result, operation, `read every ${index}`),
      ...(records || !result.ok ? [] : [{ operation, problem: unlisted }]),
    ]);
    if (!records) return;
    snapshot[index] = records;
  }
  state.model = createModelOracle(state.context.modelSecret, snapshot);
  for (const [i, step] of steps.entries()) {
    Object.assign(state, { prefix: i + 1, hostile: hostileKey(step) });
    await runOneStep(state, step);
  }
  state.hostile = undefined;
  for (const index of INDEX_NAMES) await readBack(state, index, undefined, operationIdFor(index, 'GET', false), 'final-read');
}
