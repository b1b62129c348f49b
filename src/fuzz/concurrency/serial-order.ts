import { createModelOracle, type ModelOracle, type ModelState } from '../model/model-oracle.js';

/** The records of every index in one order of ids: two states of the model that hold the same records have the same key. */
export function stateKey(state: ModelState): string {
  return JSON.stringify(Object.entries(state).map(([index, records]) => [index, [...records].sort((a, b) => a.id.localeCompare(b.id))]));
}

/** How one order is judged: each answer in the state the order left so far, and the end state. Both may depend on the model's state only, never on the order. */
export type SerialOrderJudge = { step(i: number, model: ModelOracle): Promise<boolean>; end(model: ModelOracle): Promise<boolean> };

/**
 * Linearizability (after Wing & Gong): an order of `count` overlapping operations in which the reference core, fed them one by one from `initial`, gives every
 * answer the judge accepts and ends where the judge accepts the target's final state; undefined when there is none. It throws rather than search past
 * `maxStates`: no answer is better than a wrong one.
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
