import { INDEX_NAMES, type IndexName, type StoredRecord, createReferenceCore, type CoreRequest, type CoreResponse } from '../../server/core/index.js';

/** The records of every index, in store order. */
export type ModelState = Record<IndexName, StoredRecord[]>;

/**
 * The oracle: the reference core (the description as executable rules), started with what the target holds and fed the same requests in the same order. Its
 * store can be saved and restored, so a step the target may answer in another documented way (an open case) can be replayed.
 */
export interface ModelOracle {
  handle(request: CoreRequest): Promise<CoreResponse>;
  state(): ModelState;
  /** One record as the model holds it, or undefined. */
  record(index: IndexName, id: string): StoredRecord | undefined;
  restore(state: ModelState): void;
  put(index: IndexName, record: StoredRecord): void;
  remove(index: IndexName, id: string): void;
  /** The id the next record created without one gets (the one the target generated); once only. */
  useGeneratedId(id: string | undefined): void;
}

/**
 * A model core with authentication by `secret` (or none), holding `initial` as its records. Records the target holds are put in as they are, without the
 * create schema's check: a deployment's own data need not be something the kit would accept.
 */
export function createModelOracle(secret: string | undefined, initial: Partial<ModelState>): ModelOracle {
  let next: string | undefined;
  let fallback = 0;
  const core = createReferenceCore({
    preload: false,
    auth: secret === undefined ? false : { secret },
    generateId: () => {
      const id = next ?? `model-generated-${++fallback}`;
      next = undefined;
      return id;
    },
  });
  const restore = (state: Partial<ModelState>) => {
    for (const index of INDEX_NAMES) {
      core.store[index].clear();
      for (const record of state[index] ?? []) core.store[index].put(record);
    }
  };
  restore(initial);
  return {
    handle: (request) => core.handle(request),
    state: () => Object.fromEntries(INDEX_NAMES.map((index) => [index, core.store[index].list()])) as ModelState,
    record: (index, id) => core.store[index].get(id),
    restore,
    put: (index, record) => core.store[index].put(record),
    remove: (index, id) => void core.store[index].delete(id),
    useGeneratedId: (id) => {
      next = id;
    },
  };
}
