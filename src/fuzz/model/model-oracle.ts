import { INDEX_NAMES, type IndexName, type StoredRecord, createReferenceCore, type CoreRequest, type CoreResponse } from '../../server/core/index.js';

/** The records of every index, in store order. */
export type ModelState = Record<IndexName, StoredRecord[]>;

/**
 * The oracle: the reference core (the description as executable rules), with authentication by `secret` (or none), holding what the target holds — put in
 * as it is: a deployment's own data need not be something the kit would accept. Its store can be restored, so a step the target may answer in another
 * documented way (an open case) can be replayed.
 */
export function createModelOracle(secret: string | undefined, initial: Partial<ModelState>) {
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
    handle: (request: CoreRequest): Promise<CoreResponse> => core.handle(request),
    state: () => Object.fromEntries(INDEX_NAMES.map((index) => [index, core.store[index].list()])) as ModelState,
    record: (index: IndexName, id: string): StoredRecord | undefined => core.store[index].get(id),
    restore: (state: ModelState): void => restore(state),
    put: (index: IndexName, record: StoredRecord): void => core.store[index].put(record),
    remove: (index: IndexName, id: string): void => void core.store[index].delete(id),
    /** The id the next record created without one gets (the one the target generated); once only. */
    useGeneratedId: (id: string | undefined): void => {
      next = id;
    },
  };
}

export type ModelOracle = ReturnType<typeof createModelOracle>;
