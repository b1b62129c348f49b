import fc from 'fast-check';
import { INDEX_NAMES, operationIdFor, type IndexName, type OpenApiDocument } from '../../server/core/index.js';
import { buildStep, type BuiltStep } from '../model/commands.js';
import { createStep, deleteStep, readStep, updateStep, type FuzzStep } from '../generate/fuzz-step.js';
import { minimalRecord } from '../generate/wire-request.js';
import { cutShortIn, exchange, failureOf, note, plainRequest, readRecords, type ExchangeLog, type FuzzContext, type FuzzFailure } from '../run/fuzz-session.js';
import { assertSafeRequest } from '../run/safety-guard.js';
import type { SendResult, WireAnswer } from '../run/send-wire-request.js';
import { answerProblems, type Found } from '../checks/answer-checks.js';
import type { Problem } from '../checks/check-table.js';
import { judgeAnswer } from '../checks/judge-answer.js';
import { searchSerialOrder } from './serial-order.js';
import type { ModelOracle } from '../model/model-oracle.js';
import { shrinkFailure } from '../run/shrink-list.js';
import { createSequenceIds, type SequenceIds } from '../generate/sequence-ids.js';

/** What a group races on, one record each: creates of one new id, updates of different fields, updates or reads against a delete, creates against deletes, deletes. */
const GROUP_KINDS = ['create-create', 'update-update', 'update-delete', 'read-delete', 'create-delete', 'delete-delete'] as const;
type GroupKind = (typeof GROUP_KINDS)[number];

/** A group: N steps on slot 0 of one index, sent at once, after the record was created with `initial` (when it `exists`). */
export interface ConcurrentGroup {
  kind: GroupKind;
  index: IndexName;
  exists: boolean;
  /** The index's required fields (from the spec) and one extra field, so a read sees more than the id. */
  initial: Record<string, unknown>;
  steps: FuzzStep[];
}

/** Groups of `size` steps (at least 2); each create sends its own `sender`, each update its own field. */
export function groupArbitrary(doc: OpenApiDocument, size: number, runPrefix: string): fc.Arbitrary<ConcurrentGroup> {
  const n = Math.max(2, size);
  const via = fc.constantFrom('path' as const, 'body' as const);
  return fc
    .record({
      kind: fc.constantFrom(...GROUP_KINDS),
      index: fc.constantFrom(...INDEX_NAMES),
      exists: fc.boolean(),
      vias: fc.array(via, { minLength: n, maxLength: n }),
      shift: fc.nat(n - 1),
    })
    .map(({ kind, index, exists, vias, shift }) => {
      const initial = { ...minimalRecord(doc, index), origin: `${runPrefix}initial` };
      const create = (i: number) => createStep(index, 0, { ...initial, sender: `${runPrefix}sender-${i}` }, vias[i]!);
      const update = (i: number) => updateStep(index, 0, { [`concurrent_${i}`]: `${runPrefix}update-${i}` }, { via: vias[i]! });
      const pick: Record<GroupKind, (i: number) => FuzzStep> = {
        'create-create': create,
        'update-update': update,
        // One delete among the others, at a drawn place.
        'update-delete': (i) => (i === shift ? deleteStep(index, 0) : update(i)),
        'read-delete': (i) => (i === shift ? deleteStep(index, 0) : readStep(index, 0)),
        'create-delete': (i) => ((i + shift) % 2 === 0 ? create(i) : deleteStep(index, 0)),
        'delete-delete': () => deleteStep(index, 0),
      };
      const steps = Array.from({ length: n }, (_, i) => pick[kind](i));
      return { kind, index, exists: kind === 'create-create' ? false : kind === 'create-delete' ? exists : true, initial, steps };
    });
}

/** How a group ended: judged (its failures, or none), or not judged because the budget cut a request short. */
export type GroupResult = { cutShort: false; failures: FuzzFailure[]; undecided?: true } | { cutShort: true };

/**
 * Runs one group on slot 0 of `ids`: creates the record first when the group needs it and reads it back, sends every step at once (each on its own
 * connection), reads the record back, checks every answer on its own and judges them all with the serial-order search: some order of the same requests,
 * fed one by one to the model, must give answers the judge accepts and end where the final read is accepted too. The record is deleted afterwards.
 */
export async function runGroup(context: FuzzContext, group: ConcurrentGroup, ids: SequenceIds): Promise<GroupResult> {
  const log: ExchangeLog = { context, exchanges: [] };
  const { index } = group;
  const id = ids.slotId(index, 0);
  const what = `${group.steps.length} requests on one ${index} record sent at once (${group.kind})`;
  const repro = () => log.exchanges.filter((e) => e.role !== 'cleanup');
  const done = (found: readonly Found[]): GroupResult =>
    cutShortIn(log) ? { cutShort: true } : { cutShort: false, failures: found.map((f) => failureOf(f.operation, f.problem, what, repro())) };
  try {
    let before: Awaited<ReturnType<typeof readRecords>>;
    if (group.exists) {
      const created = await exchange(log, 'step', `create ${index} ${id} (before the group)`, plainRequest(context, 'POST', index, id, group.initial).target);
      const operation = operationIdFor(index, 'POST', true);
      const wrong = (check: Problem['check'], observed: string, expected: string, answer: WireAnswer) =>
        done([{ operation, problem: { check, observed, expected, actual: `${answer.status} ${answer.text.slice(0, 200)}` } }]);
      if (created.ok && created.answer.status !== 201)
        return wrong('model-status', String(created.answer.status), '201: a new record with its required fields is created (§4.1)', created.answer);
      before = (await readRecords(log, 'snapshot', index, id))?.filter((r) => r.id === id);
      const read = log.exchanges.at(-1)!.result;
      if (!before?.length)
        return !created.ok || !read.ok ? done([]) : wrong('effect', 'missing-record', 'the record just created, read back by id', read.answer);
    }
    const built = group.steps.map((step) => buildStep(step, { ...context, ids }));
    for (const b of built) assertSafeRequest(b.target, context);
    // All at once: nothing is awaited between the sends (the connection opens a socket for each).
    const results = await Promise.all(built.map((b) => context.sender.send(b.target)));
    for (const [i, b] of built.entries()) note(log, { role: 'concurrent', description: b.description, request: b.target, result: results[i]! });
    if (cutShortIn(log)) return done([]);
    const final = await exchange(log, 'read-back', `read ${index} ${id} (what the group left)`, plainRequest(context, 'GET', index, id).target);
    const readOperation = operationIdFor(index, 'GET', true);
    const found = [
      ...built.flatMap((b, i) => answerProblems(context, results[i]!, b.operationId, b.description)),
      ...answerProblems(context, final, readOperation, `read ${index} ${id}`),
    ];
    if (found.length > 0 || !final.ok) return done(found);
    const answers = results.map((r) => (r as Extract<SendResult, { ok: true }>).answer);
    const finalRead = buildStep(readStep(index, 0), { ...context, ids });
    const accepts = async (step: BuiltStep, answer: WireAnswer, model: ModelOracle): Promise<boolean> => {
      const state = model.state();
      const idTaken = state[index].some((r) => r.id === id);
      const input = { step, target: answer, idTaken, bodiless205: context.bodiless205, mayRefuseShape: () => false };
      const verdict = judgeAnswer({ ...input, model: await model.handle(step.model) });
      if (verdict.ok && verdict.effect === 'rollback') model.restore(state);
      return verdict.ok;
    };
    const judge = {
      step: (i: number, model: ModelOracle) => accepts(built[i]!, answers[i]!, model),
      end: (model: ModelOracle) => accepts(finalRead, final.answer, model),
    };
    try {
      if (await searchSerialOrder({ [index]: before ?? [] }, built.length, judge, { secret: context.modelSecret })) return done([]);
    } catch (error) {
      // Too many orders to decide: no verdict is better than a wrong one.
      if (error instanceof Error && error.message.startsWith('findSerialOrder: gave up')) return { cutShort: false, failures: [], undecided: true };
      throw error;
    }
    const expected = 'answers and a final record that some order of the same requests, sent one at a time, gives (§4.1)';
    const actual = `${built.map((b, i) => `${b.description} → ${answers[i]!.status}`).join('; ')}; then the record read ${final.answer.status} ${final.answer.text.slice(0, 300)}`;
    return done([
      { operation: [...new Set(built.map((b) => b.operationId))].join('+'), problem: { check: 'serial-order', observed: group.kind, expected, actual } },
    ]);
  } finally {
    await exchange(log, 'cleanup', `delete ${index} ${id} (clean up)`, plainRequest(context, 'DELETE', index, id).target);
  }
}

/**
 * What the --concurrency phase spent: groups generated and sent while shrinking, requests (the groups' and those around each), and undecided groups (the
 * serial-order search gave up: neither passed nor failed).
 */
export type ConcurrencyTally = { inFlight: number; groups: number; shrinkGroups: number; requests: number; durationMs: number; undecided: number };

/** How the phase is bounded, and where it reports: `known` failures (by signature) are not shrunk again; `stop` once the run must end. */
export interface ConcurrencyOptions {
  size: number;
  groups: number;
  randomSeed: number;
  deadline: number;
  shrinkBudgetMs: number;
  known: ReadonlyMap<string, unknown>;
  record(failure: FuzzFailure): void;
  stop(): boolean;
}

/** A race does not show every time: a smaller group is tried this often before it counts as not showing it. */
const SHRINK_TRIES = 5;

/**
 * `mgmt-kit fuzz --concurrency N`: groups of N overlapping requests on one record, each sent at once and judged (runGroup). A new failure is shrunk to the
 * smallest group that still shows it, each smaller group sent up to five times. Every group has ids of its own, deleted after it.
 */
export async function runConcurrency(context: FuzzContext, options: ConcurrencyOptions): Promise<ConcurrencyTally> {
  const started = Date.now();
  const sentBefore = context.sender.count;
  const tally: ConcurrencyTally = { inFlight: options.size, groups: 0, shrinkGroups: 0, requests: 0, durationMs: 0, undecided: 0 };
  const run = async (group: ConcurrentGroup, shrinking: boolean): Promise<GroupResult> => {
    tally[shrinking ? 'shrinkGroups' : 'groups']++;
    const result = await runGroup(context, group, createSequenceIds(context.runPrefix, `c${tally.groups + tally.shrinkGroups}`));
    if (!result.cutShort && result.undecided) tally.undecided++;
    return result;
  };
  try {
    for (const group of fc.sample(groupArbitrary(context.doc, options.size, context.runPrefix), { seed: options.randomSeed, numRuns: options.groups })) {
      if (Date.now() >= options.deadline || options.stop()) break;
      const result = await run(group, false);
      for (const failure of result.cutShort ? [] : result.failures) {
        if (options.known.has(failure.signature)) {
          options.record(failure);
          continue;
        }
        const until = Math.min(Date.now() + options.shrinkBudgetMs, options.deadline);
        const { items, smallest } = await shrinkFailure(group.steps, failure, (steps) => run({ ...group, steps }, true), until, SHRINK_TRIES);
        options.record({ ...smallest, title: `${smallest.title} — ${items.length} request(s) at once, shrunk from ${group.steps.length}` });
      }
    }
  } finally {
    tally.requests = context.sender.count - sentBefore;
    tally.durationMs = Date.now() - started;
  }
  return tally;
}
