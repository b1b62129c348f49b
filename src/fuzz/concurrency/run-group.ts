import { operationIdFor, type StoredRecord } from '../../reference-server/core/index.js';
import type { WireRequest } from '../generate/wire-request.js';
import { VERB } from '../generate/fuzz-step.js';
import { isStoredRecord, plainRequest, recordsInAnswer, type Exchange, type ExchangeRole, type FuzzContext, type FuzzFailure } from '../run/fuzz-session.js';
import { exchange } from '../run/run-sequence.js';
import { assertSafeRequest } from '../run/safety-guard.js';
import type { SendResult, WireAnswer } from '../run/send-wire-request.js';
import { checkStateless } from '../judge/stateless-check.js';
import { judgeAnswer, plainJudged } from '../judge/judge-answer.js';
import { searchSerialOrder } from '../judge/find-serial-order.js';
import type { ModelOracle } from '../judge/model-oracle.js';
import type { ConcurrentGroup, GroupRequest } from './concurrent-group.js';

/** How a group ended: judged (a failure, or none), or not judged because the budget cut a request short. */
export type GroupResult = { cutShort: false; failure: FuzzFailure | undefined; undecided?: true } | { cutShort: true };

/** The wire and model requests of one group request on record `id`. */
function buildRequest(context: FuzzContext, group: ConcurrentGroup, request: GroupRequest, id: string) {
  const named = request.op === 'create' || request.op === 'update';
  const body = named ? (request.via === 'body' ? { id, ...request.fields } : request.op === 'update' ? { id, ...request.fields } : request.fields) : undefined;
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
 * Runs one group on a new record id: creates the record first when the group needs it and reads
 * it back (the model starts from what the target holds), sends every request of the group at once
 * — all in flight together, each over its own connection, each still paced by `--rate` —, reads
 * the record by id afterwards, and judges the answers and that read with the serial-order search
 * (below). Whatever happens, the record is deleted afterwards.
 */
export async function runGroup(context: FuzzContext, group: ConcurrentGroup, id: string): Promise<GroupResult> {
  const exchanges: Exchange[] = [];
  const send = (role: ExchangeRole, description: string, request: WireRequest) => exchange({ context, exchanges }, role, description, request);
  const label = `concurrent-${group.kind}`;
  const fail = (rule: string, check: string, expected: string, actual: string): FuzzFailure => ({
    signature: `${label}:${rule}:${check}`,
    title: `${group.requests.length} requests on one ${group.index} record sent at once (${group.kind}): expected ${expected}; the target answered ${actual}`,
    expected,
    actual,
    exchanges: exchanges.filter((e) => e.role !== 'cleanup'),
  });
  const cut = () => exchanges.some((e) => !e.result.ok && e.result.cutShort);
  const done = (failure: FuzzFailure | undefined): GroupResult => (cut() ? { cutShort: true } : { cutShort: false, failure });
  const read = plainRequest(context, 'GET', group.index, id);
  const readOperation = operationIdFor(group.index, 'GET', true);
  const answerOf = (result: SendResult, operationId: string, description: string): WireAnswer | FuzzFailure => {
    if (!result.ok) return fail('no-answer', 'dropped', 'an answer', `${description}: ${result.error}`);
    const problem = checkStateless(context.spec, operationId, result.answer);
    return problem ? fail('spec', problem.check, 'an answer the spec documents', problem.message) : result.answer;
  };
  let before: StoredRecord | undefined;
  try {
    if (group.exists) {
      const create = plainRequest(context, 'POST', group.index, id, group.initial).target;
      const created = await send('step', `create ${group.index} ${id} (before the group)`, create);
      if (created.ok && created.answer.status !== 201)
        return done(
          fail(
            'create',
            'status',
            `201: a new record with its required fields is created (§4.1)`,
            `${created.answer.status} ${created.answer.text.slice(0, 200)}`,
          ),
        );
      const readBefore = await send('snapshot', `read ${group.index} ${id} (what the group starts from)`, read.target);
      before = (recordsInAnswer(readBefore) ?? []).find((r): r is StoredRecord => isStoredRecord(r) && r.id === id);
      if (!before)
        return done(
          created.ok && readBefore.ok
            ? fail(
                'read',
                'records-missing-record',
                `the record just created, read back by id`,
                `${readBefore.answer.status} ${readBefore.answer.text.slice(0, 200)}`,
              )
            : undefined,
        );
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
    if (cut()) return done(undefined);
    const observed: Array<(typeof built)[number] & { answer: WireAnswer }> = [];
    for (const [i, b] of built.entries()) {
      const answer = answerOf(results[i]!, b.operationId, b.description);
      if ('signature' in answer) return done(answer);
      observed.push({ ...b, answer });
    }
    const finalResult = await send('read-back', `read ${group.index} ${id} (what the group left)`, read.target);
    const finalAnswer = answerOf(finalResult, readOperation, `read ${group.index} ${id}`);
    if ('signature' in finalAnswer) return done(finalAnswer);
    const final = { ...read, operationId: readOperation, answer: finalAnswer };
    // Linearizability under the allowances of src/contract/faithful-answers.ts: an order of the
    // group's requests in which the model answers each one as the judge accepts the target's answer
    // (judge-answer.ts: a duplicate id in any faithful wording, an update of an id a delete removed
    // with any status §4.2 allows, a read that finds nothing as 404 or 204 …), ending where the final
    // read of the record is accepted too. None: no serial order explains what the target did.
    const accepts = async (o: Omit<(typeof observed)[number], 'description'>, model: ModelOracle): Promise<boolean> => {
      const state = model.state();
      const idTaken = state[group.index].some((r) => r.id === id);
      const verdict = judgeAnswer({
        step: plainJudged(o.target, id),
        model: await model.handle(o.model),
        target: o.answer,
        documented: context.documented(o.operationId),
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
      if (error instanceof Error && error.message.startsWith('findSerialOrder: gave up')) return { cutShort: false, failure: undefined, undecided: true };
      throw error;
    }
    if (order) return done(undefined);
    const answered = observed.map((o) => `${o.description} → ${o.answer.status}`).join('; ');
    return done(
      fail(
        'serial-order',
        'none',
        'answers and a final record that some order of the same requests, sent one at a time, gives (§4.1)',
        `${answered}; then the record read ${finalAnswer.status} ${finalAnswer.text.slice(0, 300)}`,
      ),
    );
  } finally {
    await send('cleanup', `delete ${group.index} ${id} (clean up)`, plainRequest(context, 'DELETE', group.index, id).target);
  }
}
