// Stryker disable all: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
/**
 * What made the records change: an API request (`records`), {@link ReferenceCore.reset}
 * (`reset`), {@link ReferenceCore.replaceState} (`state`) or {@link ReferenceCore.replaceSeed}
 * (`seed`).
 */
export type StoreChangeCause = 'records' | 'reset' | 'state' | 'seed';

/** Told after the records changed; reads the new state from the core itself. Must not throw. */
export type StoreChangeListener = (cause: StoreChangeCause) => void;

/** The listeners of one core: who observes its changes (persistence on Node, a live page). */
export interface StoreChangeListeners {
  /** Adds a listener; returns the function that removes it again. */
  add(listener: StoreChangeListener): () => void;
  /** Tells every listener, in the order they were added. */
  notify(cause: StoreChangeCause): void;
}

/**
 * A plain list of listeners (no EventEmitter: the core stays browser-safe). A listener removed
 * while the others are being told is not told of later changes; one added then is.
 */
export function createStoreChangeListeners(): StoreChangeListeners {
  const listeners = new Set<StoreChangeListener>();
  return {
    add(listener) {
      // A wrapper per call: the same function added twice is told twice and removed once per call.
      const entry: StoreChangeListener = (cause) => listener(cause);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    notify(cause) {
      for (const listener of [...listeners]) listener(cause);
    },
  };
}
