import type { CoreRequest } from '../../reference-server/core/index.js';
import { createModelOracle, type ModelOracle, type ModelState } from './model-oracle.js';

/** A request that was sent concurrently with others, and the status the target answered it with. */
export interface ObservedOperation {
  request: CoreRequest;
  status: number;
}

function stateKey(state: ModelState): string {
  return JSON.stringify(Object.entries(state).map(([index, records]) => [index, [...records].sort((a, b) => a.id.localeCompare(b.id))]));
}

/**
 * How {@link searchSerialOrder} judges one order: whether the target's answer to operation `i` fits what the model answers it in the state the order so far
 * left (it may set the model's state to what an accepted open answer leaves), and whether the state the order ends in explains what the target holds
 * afterwards. Both must depend only on the model's state, never on the order.
 */
export interface SerialOrderJudge {
  step(i: number, model: ModelOracle): Promise<boolean>;
  end(model: ModelOracle): Promise<boolean>;
}

/**
 * The search behind {@link findSerialOrder}, with the judgement left to the caller (the fuzzer's `--concurrency` judges each answer with the allowances).
 * `secret` is the model's token secret.
 */
export async function searchSerialOrder(
  initial: Partial<ModelState>,
  count: number,
  judge: SerialOrderJudge,
  options: { secret?: string | undefined; maxStates?: number | undefined } = {},
): Promise<number[] | undefined> {
  const maxStates = options.maxStates ?? 200_000;
  const model = createModelOracle(options.secret, initial);
  const explored = new Set<string>();
  const order: number[] = [];
  const remaining = new Set(Array.from({ length: count }, (_, i) => i));

  const search = async (): Promise<boolean> => {
    const state = model.state();
    if (remaining.size === 0) {
      const ends = await judge.end(model);
      model.restore(state);
      return ends;
    }
    const key = `${[...remaining].join(',')}|${stateKey(state)}`;
    if (explored.has(key)) return false;
    explored.add(key);
    if (explored.size > maxStates) throw new Error(`findSerialOrder: gave up after ${maxStates} states (too many overlapping operations to decide)`);
    for (const i of [...remaining]) {
      if (await judge.step(i, model)) {
        remaining.delete(i);
        order.push(i);
        if (await search()) return true;
        order.pop();
        remaining.add(i);
      }
      model.restore(state);
    }
    return false;
  };
  return (await search()) ? [...order] : undefined;
}

/**
 * Checks concurrent answers against the model (linearizability, after Wing & Gong): searches an order of the operations in which the reference core, fed them
 * one by one from `initial`, gives every operation the status the target gave it and ends in `final`. Returns that order (indices into `operations`), or
 * undefined when there is none — the target then did something no serial execution does (a lost update, a record deleted twice, two creates of one id both
 * accepted). All operations are taken as overlapping in time; states already explored are not searched again, and the search throws rather than run past
 * `maxStates` (no answer is better than a wrong one).
 *
 * @example await findSerialOrder(before, [{ request: put1, status: 200 }, { request: del, status: 205 }], after) // → [0, 1]
 */
export async function findSerialOrder(
  initial: Partial<ModelState>,
  operations: readonly ObservedOperation[],
  final: Partial<ModelState>,
  maxStates = 200_000,
): Promise<number[] | undefined> {
  const finalKey = stateKey(createModelOracle(undefined, final).state());
  return searchSerialOrder(
    initial,
    operations.length,
    {
      step: async (i, model) => (await model.handle(operations[i]!.request)).status === operations[i]!.status,
      end: async (model) => stateKey(model.state()) === finalKey,
    },
    { maxStates },
  );
}
