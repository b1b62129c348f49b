import { operationIdFor, type StoredRecord } from '../../reference-server/core/index.js';
import type { WireRequest } from '../generate/wire-request.js';
import { VERB } from '../generate/fuzz-step.js';
import {
  failureOf,
  isStoredRecord,
  plainRequest,
  recordsInAnswer,
  type Exchange,
  type ExchangeRole,
  type FuzzContext,
  type FuzzFailure,
} from '../run/fuzz-session.js';
import { exchange } from '../run/run-sequence.js';
import { assertSafeRequest } from '../run/safety-guard.js';
import type { SendResult, WireAnswer } from '../run/send-wire-request.js';
import { checkAnswer } from '../checks/answer-checks.js';
import { applicable, type Problem } from '../checks/check-table.js';
import { judgeAnswer, plainJudged } from '../checks/judge-answer.js';
import { searchSerialOrder } from '../model/find-serial-order.js';
import type { ModelOracle } from '../model/model-oracle.js';
import type { ConcurrentGroup, GroupRequest } from './concurrent-group.js';

/** How a group ended: judged (its failures, or none), or not judged because the budget cut a request short. */
export type GroupResult = { cutShort: false; failures: FuzzFailure[]; undecided?: true } | { cutShort: true };

/** The wire and model requests of one group request on record `id`. */
function buildRequest(context: FuzzContext, group: ConcurrentGroup, request: GroupRequest, id: string) {
  const named = request.op === 'create' || request.op === 'update';
  const body = named ? (request.via === 'body' || request.op === 'update' ? { id, ...request.fields } : request.fields) : undefined;
  const pathId = named && request.via === 'body' ? undefined : id;
  const { target, model } = plainRequest(context, VERB[request.op], group.index, pathId, body);
  const fields = Object.keys(request.fields).filter((f) => f !== 'id');
  const what = request.op === 'create' ? ` (sender ${String(request.fields['sender'])})` : request.op === 'update' ? ` setting ${fields.join(', ')}` : '';
  return {
    target,
    model,
    description: `${request.op} ${group.index} ${id}${what}, id ${pathId ? 'in the path' : 'in the body'}`,
    operationId: operationIdFor(group.index, VERB[request.op], pathId !== undefined),
  };
}

/**
 * Runs one group on a new record id: creates the record first when the group needs it and reads it back (the model starts from what the target holds), sends
 * every request of the group at once — all in flight together, each over its own connection, each still paced by `--rate` —, reads the record by id
 * afterwards, checks every answer on its own and judges them all with the serial-order search (below): its failure names the group's operations
 * (`updateEventById+deleteEventById:serial-order:update-delete`). Whatever happens, the record is deleted afterwards.
 */
export async function runGroup(context: FuzzContext, group: ConcurrentGroup, id: string): Promise<GroupResult> {
  const exchanges: Exchange[] = [];
  const send = (role: ExchangeRole, description: string, request: WireRequest) => exchange({ context, exchanges }, role, description, request);
  const what = `${group.requests.length} requests on one ${group.index} record sent at once (${group.kind})`;
  const fail = (found: ReadonlyArray<{ operation: string; problem: Problem }>): FuzzFailure[] =>
    found.map(({ operation, problem }) =>
      failureOf(
        operation,
        problem,
        what,
        exchanges.filter((e) => e.role !== 'cleanup'),
      ),
    );
  const done = (failures: FuzzFailure[]): GroupResult =>
    exchanges.some((e) => !e.result.ok && e.result.cutShort) ? { cutShort: true } : { cutShort: false, failures };
  const read = plainRequest(context, 'GET', group.index, id);
  const readOperation = operationIdFor(group.index, 'GET', true);
  // Every check of one answer (check-table.ts); no answer at all is the `answered` check's failure.
  const problemsOf = (result: SendResult, operation: string, description: string) =>
    result.ok
      ? applicable(checkAnswer(context.spec, operation, result.answer)).map((problem) => ({ operation, problem }))
      : [{ operation, problem: { check: 'answered' as const, observed: 'no-answer', expected: 'an answer', actual: `${description}: ${result.error}` } }];
  let before: StoredRecord | undefined;
  try {
    if (group.exists) {
      const createOperation = operationIdFor(group.index, 'POST', true);
      const created = await send(
        'step',
        `create ${group.index} ${id} (before the group)`,
        plainRequest(context, 'POST', group.index, id, group.initial).target,
      );
      if (created.ok && created.answer.status !== 201) {
        const actual = `${created.answer.status} ${created.answer.text.slice(0, 200)}`;
        return done(
          fail([
            {
              operation: createOperation,
              problem: {
                check: 'model-status',
                observed: String(created.answer.status),
                expected: '201: a new record with its required fields is created (§4.1)',
                actual,
              },
            },
          ]),
        );
      }
      const readBefore = await send('snapshot', `read ${group.index} ${id} (what the group starts from)`, read.target);
      before = (recordsInAnswer(readBefore) ?? []).find((r): r is StoredRecord => isStoredRecord(r) && r.id === id);
      if (!before) {
        if (!created.ok || !readBefore.ok) return done([]);
        const problem: Problem = {
          check: 'effect',
          observed: 'missing-record',
          expected: 'the record just created, read back by id',
          actual: `${readBefore.answer.status} ${readBefore.answer.text.slice(0, 200)}`,
        };
        return done(fail([{ operation: createOperation, problem }]));
      }
    }
    const built = group.requests.map((request) => buildRequest(context, group, request, id));
    for (const b of built) assertSafeRequest(b.target, context);
    // All at once: nothing is awaited between the sends (the connection opens a socket for each).
    const results = await Promise.all(built.map((b) => context.sender.send(b.target)));
    built.forEach((b, i) => {
      const entry = { role: 'concurrent' as const, description: b.description, request: b.target, result: results[i]! };
      exchanges.push(entry);
      context.observe?.(entry);
    });
    if (exchanges.some((e) => !e.result.ok && e.result.cutShort)) return done([]);
    const finalResult = await send('read-back', `read ${group.index} ${id} (what the group left)`, read.target);
    const answerProblems = [
      ...built.flatMap((b, i) => problemsOf(results[i]!, b.operationId, b.description)),
      ...problemsOf(finalResult, readOperation, `read ${group.index} ${id}`),
    ];
    if (answerProblems.length > 0 || !finalResult.ok) return done(fail(answerProblems));
    const observed = built.map((b, i) => ({ ...b, answer: (results[i] as Extract<SendResult, { ok: true }>).answer }));
    const final = { ...read, answer: finalResult.answer };
    // Linearizability under the allowances of src/contract/faithful-answers.ts: an order of the group's requests in which the model answers each one as the
    // judge accepts the target's answer (judge-answer.ts: a duplicate id in any faithful wording, an update of an id a delete removed with any status §4.2
    // allows, a read that finds nothing as 404 or 204 …), ending where the final read of the record is accepted too. None: no serial order explains what the
    // target did.
    const accepts = async (o: { target: WireRequest; model: typeof read.model; answer: WireAnswer }, model: ModelOracle): Promise<boolean> => {
      const state = model.state();
      const idTaken = state[group.index].some((r) => r.id === id);
      const verdict = judgeAnswer({
        step: plainJudged(o.target, id),
        model: await model.handle(o.model),
        target: o.answer,
        idTaken,
        bodiless205: context.bodiless205 ?? false,
        mayRefuseShape: () => false,
      });
      if (verdict.ok && verdict.effect === 'rollback') model.restore(state);
      return verdict.ok;
    };
    let order: number[] | undefined;
    try {
      order = await searchSerialOrder(
        { [group.index]: before ? [before] : [] },
        observed.length,
        { step: (i, model) => accepts(observed[i]!, model), end: (model) => accepts(final, model) },
        { secret: context.modelSecret },
      );
    } catch (error) {
      // Too many orders to decide: no verdict is better than a wrong one.
      if (error instanceof Error && error.message.startsWith('findSerialOrder: gave up')) return { cutShort: false, failures: [], undecided: true };
      throw error;
    }
    if (order) return done([]);
    const answered = observed.map((o) => `${o.description} → ${o.answer.status}`).join('; ');
    const operations = [...new Set(built.map((b) => b.operationId))].join('+');
    const problem: Problem = {
      check: 'serial-order',
      observed: group.kind,
      expected: 'answers and a final record that some order of the same requests, sent one at a time, gives (§4.1)',
      actual: `${answered}; then the record read ${final.answer.status} ${final.answer.text.slice(0, 300)}`,
    };
    return done(fail([{ operation: operations, problem }]));
  } finally {
    await send('cleanup', `delete ${group.index} ${id} (clean up)`, plainRequest(context, 'DELETE', group.index, id).target);
  }
}
