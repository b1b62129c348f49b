import { INDEX_NAMES } from './index-definitions.js';
import type { Store } from './store.js';

/**
 * What made the records change: an API request (`records`), {@link ReferenceCore.reset}
 * (`reset`), {@link ReferenceCore.replaceState} (`state`) or {@link ReferenceCore.replaceSeed}
 * (`seed`).
 */
export type StoreChangeCause = 'records' | 'reset' | 'state' | 'seed';

/** Told after the records changed; reads the new state from the core itself. Must not throw. */
export type StoreChangeListener = (cause: StoreChangeCause) => void;

/**
 * The listeners of one core: who observes its changes (persistence on Node, a live page).
 * Change notifications are the kit's own: no request's answer depends on this file, so it is not
 * mutated (stryker.config.json, README "Quality"); unit tests cover it.
 */
export interface StoreChangeListeners {
  /** Adds a listener; returns the function that removes it again. */
  add(listener: StoreChangeListener): () => void;
  /** Tells every listener, in the order they were added. */
  notify(cause: StoreChangeCause): void;
  /**
   * Once a request is answered: tells the listeners (`records`) when the store's revision is no
   * longer `before` ({@link readStoreRevision} as the request started). A change made by a
   * concurrent request may be reported there too, which only repeats a notification.
   */
  reportRequest(before: number): void;
}

/** The sum of every index's revision: it moves whenever any record of the store changes. */
export function readStoreRevision(store: Store): number {
  let revision = 0;
  for (const name of INDEX_NAMES) revision += store[name].revision;
  return revision;
}

/**
 * A plain list of listeners (no EventEmitter: the core stays browser-safe). A listener removed
 * while the others are being told is not told of later changes; one added then is.
 */
export function createStoreChangeListeners(store: Store): StoreChangeListeners {
  const listeners = new Set<StoreChangeListener>();
  const notify = (cause: StoreChangeCause): void => {
    for (const listener of [...listeners]) listener(cause);
  };
  return {
    add(listener) {
      // A wrapper per call: the same function added twice is told twice and removed once per call.
      const entry: StoreChangeListener = (cause) => listener(cause);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    notify,
    reportRequest(before) {
      if (readStoreRevision(store) !== before) notify('records');
    },
  };
}
