import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { ReferenceCore } from './reference-core.js';
import { findSeedProblems, freezeSeed, type SeedData } from './seed-records.js';
import { readStoreState } from './store-state.js';
import { fillStore, type Store, type StoreOptions } from './store.js';
import type { RecordValidator } from './validate-record.js';

/** What a core offers beside answering requests: starting over, and reading or replacing every record. */
export type StoreControls = Pick<ReferenceCore, 'reset' | 'state' | 'replaceState' | 'replaceSeed'>;

/**
 * The controls of a core's store: `reset` (the admin reset), `state` and `replaceState`
 * (`GET`/`PUT /__admin/state` of the mock controls) and `replaceSeed` (`--watch`). These are the
 * kit's own: no request to the service reaches this file, so it is not mutated
 * (stryker.config.json, README "Quality"); unit tests cover it.
 */
export function createStoreControls(
  store: Store,
  doc: OpenApiDocument,
  validate: RecordValidator,
  generateId: () => string,
  startRecords: StoreOptions,
): StoreControls {
  let current = startRecords;
  return {
    reset: () => fillStore(store, doc, current, generateId),
    state: () => readStoreState(store),
    replaceState(state) {
      const problems = findSeedProblems(state, validate);
      if (problems.length === 0) fillStore(store, doc, { preload: false, seed: state as SeedData }, generateId);
      return problems;
    },
    replaceSeed(seed) {
      const problems = findSeedProblems(seed, validate);
      if (problems.length > 0) return problems;
      current = { ...current, seed: freezeSeed(seed as SeedData) };
      fillStore(store, doc, current, generateId);
      return [];
    },
  };
}
