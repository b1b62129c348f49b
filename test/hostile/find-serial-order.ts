import type { CoreRequest } from '../../src/server/core/core-types.js';
import { searchSerialOrder, stateKey } from '../../src/fuzz/concurrency/serial-order.js';
import { createModelOracle, type ModelState } from '../../src/fuzz/model/model-oracle.js';

/** A request that was sent concurrently with others, and the status the target answered it with. */
export interface ObservedOperation {
  request: CoreRequest;
  status: number;
}

/**
 * The fuzzer's serial-order search with the plainest judge: an order of the operations in which the reference core, fed them one by one from `initial`, gives
 * every operation the status the target gave it and ends in `final` (indices into `operations`); undefined when there is none.
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
  const judge = {
    step: async (i: number, model: ReturnType<typeof createModelOracle>) => (await model.handle(operations[i]!.request)).status === operations[i]!.status,
    end: async (model: ReturnType<typeof createModelOracle>) => stateKey(model.state()) === finalKey,
  };
  return searchSerialOrder(initial, operations.length, judge, { maxStates });
}
