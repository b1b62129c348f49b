import type { CoreRequest, IndexName, StoredRecord } from '../../reference-server/core/index.js';
import { searchSerialOrder } from '../judge/find-serial-order.js';
import { judgeAnswer, type JudgedRequest } from '../judge/judge-answer.js';
import type { ModelOracle } from '../judge/model-oracle.js';
import type { WireAnswer } from '../run/send-wire-request.js';

/** A request of the group (or the read of the record after it) as the judge sees it: what the model is fed, and what the target answered. */
export interface ObservedAnswer {
  step: JudgedRequest;
  model: CoreRequest;
  answer: WireAnswer;
  /** Statuses the spec documents for the operation. */
  documented: readonly number[];
}

interface GroupJudgeOptions {
  index: IndexName;
  id: string;
  /** The record as the target held it before the group (undefined: none). */
  before: StoredRecord | undefined;
  /** The model's token secret (the requests carry the model's token). */
  secret: string | undefined;
  bodiless205: boolean;
  maxStates?: number;
}

/**
 * Linearizability of one group under the allowances of src/contract/faithful-answers.ts:
 * searches an order of the group's requests in which the model (the reference core) answers each
 * one as the fuzzer's judge accepts the target's answer (judge-answer.ts: a duplicate id in any
 * faithful wording, an update of an id a delete removed with any status §4.2 allows, a read that
 * finds nothing as 404 or 204 …) and ends where the final read of the record is accepted too.
 * Returns that order, or undefined when no serial order explains what the target did.
 */
export async function judgeGroup(answers: readonly ObservedAnswer[], final: ObservedAnswer, options: GroupJudgeOptions): Promise<number[] | undefined> {
  const { index, id } = options;
  const accepts = async (observed: ObservedAnswer, model: ModelOracle): Promise<boolean> => {
    const before = model.state();
    const idTaken = before[index].some((r) => r.id === id);
    const response = await model.handle(observed.model);
    const verdict = judgeAnswer({
      step: observed.step,
      model: response,
      target: observed.answer,
      documented: observed.documented,
      select: undefined,
      createdId: undefined,
      idTaken,
      bodiless205: options.bodiless205,
      mayRefuseShape: () => false,
    });
    if (!verdict.ok) return false;
    if (verdict.effect === 'rollback') model.restore(before);
    return true;
  };
  const initial = { [index]: options.before ? [options.before] : [] };
  return searchSerialOrder(
    initial,
    answers.length,
    { step: (i, model) => accepts(answers[i]!, model), end: (model) => accepts(final, model) },
    { secret: options.secret, maxStates: options.maxStates },
  );
}
