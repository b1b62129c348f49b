import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { ReferenceCore } from './reference-core.js';
import { findSeedProblems, freezeSeed, type SeedData } from './seed-records.js';
import { addStoreChangeListener, notifyStoreChange, type StoreChangeListeners } from './store-changes.js';
import { readStoreState } from './store-state.js';
import { fillStore, type Store, type StoreOptions } from './store.js';
import type { RecordValidator } from './validate-record.js';

/**
 * What a core offers beside answering requests: starting over, reading or replacing every
 * record, and being told of changes.
 */
export type StoreControls = Pick<ReferenceCore, 'reset' | 'state' | 'replaceState' | 'replaceSeed' | 'onChange'>;

/**
 * The controls of a core's store: `reset` (the admin reset), `state` and `replaceState`
 * (`GET`/`PUT /__admin/state` of the mock controls), `replaceSeed` (`--watch`) and `onChange`
 * (each of the others tells the listeners, naming itself). These are the
 * kit's own: no request to the service reaches this file, so it is not mutated
 * (stryker.config.json, docs/mutation/README.md); unit tests cover it.
 */
export function createStoreControls(
  store: Store,
  doc: OpenApiDocument,
  validate: RecordValidator,
  generateId: () => string,
  onReset: StoreOptions,
  listeners: StoreChangeListeners,
): StoreControls {
  let current = onReset;
  return {
    reset() {
      fillStore(store, doc, current, generateId);
      notifyStoreChange(listeners, 'reset');
    },
    state: () => readStoreState(store),
    replaceState(state) {
      const problems = findSeedProblems(state, validate);
      if (problems.length > 0) return problems;
      fillStore(store, doc, { preload: false, seed: state as SeedData }, generateId);
      notifyStoreChange(listeners, 'state');
      return [];
    },
    replaceSeed(seed) {
      const problems = findSeedProblems(seed, validate);
      if (problems.length > 0) return problems;
      current = { ...current, seed: freezeSeed(seed as SeedData) };
      fillStore(store, doc, current, generateId);
      notifyStoreChange(listeners, 'seed');
      return [];
    },
    onChange: (listener) => addStoreChangeListener(listeners, listener),
  };
}
