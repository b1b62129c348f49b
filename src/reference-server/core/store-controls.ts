import type { OpenApiDocument } from '../../spec/openapi-document.js';
import { findSeedProblems, freezeSeed, type SeedData } from './seed-records.js';
import { addStoreChangeListener, notifyStoreChange, type StoreChangeListener, type StoreChangeListeners } from './store-changes.js';
import { readStoreState } from './store-state.js';
import { fillStore, type StoreOptions } from './fill-store.js';
import type { Store } from './store.js';
import type { RecordValidator } from './validate-record.js';

/**
 * What a core offers beside answering requests: starting over, reading or replacing every
 * record, and being told of changes.
 */
export interface StoreControls {
  /** Empties the store and loads the preload and seed again. */
  reset(): void;
  /** Every index as JSON, in the seed file shape (`GET /__admin/state`). */
  state(): Required<SeedData>;
  /**
   * Replaces every record with `state` (seed file shape, checked as a seed is; no preload is
   * added). Returns the problems; when there is one, nothing changed (`PUT /__admin/state`).
   */
  replaceState(state: unknown): string[];
  /**
   * Makes `seed` the records every later {@link reset} loads, and resets to them (`--watch`).
   * Returns the problems; when there is one, neither the seed nor the store changed.
   */
  replaceSeed(seed: unknown): string[];
  /**
   * Calls `listener` after every change of the records: once per request that changed any
   * (a batch is one change), and after each reset, replaceState and replaceSeed. Records changed
   * directly through the core's `store` are not reported. Returns the function that stops the calls.
   */
  onChange(listener: StoreChangeListener): () => void;
}

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
