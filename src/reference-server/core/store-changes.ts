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
 * The listeners of one core: who observes its changes (persistence on Node, a live page). The
 * core creates the set itself and these functions only read or fill it, so that no change to
 * this file can break a request. Change notifications are the kit's own: no request's answer
 * depends on this file, so it is not mutated (stryker.config.json, docs/mutation/README.md); unit tests
 * cover it. A plain set (no EventEmitter: the core stays browser-safe).
 */
export type StoreChangeListeners = Set<StoreChangeListener>;

/** The sum of every index's revision: it moves whenever any record of the store changes. */
export function readStoreRevision(store: Store): number {
  let revision = 0;
  for (const name of INDEX_NAMES) revision += store[name].revision;
  return revision;
}

/**
 * Adds a listener; returns the function that removes it again. A wrapper per call: the same
 * function added twice is told twice and removed once per call.
 */
export function addStoreChangeListener(listeners: StoreChangeListeners, listener: StoreChangeListener): () => void {
  const entry: StoreChangeListener = (cause) => listener(cause);
  listeners.add(entry);
  return () => void listeners.delete(entry);
}

/**
 * Tells every listener, in the order they were added. A listener removed while the others are
 * being told is not told of later changes; one added then is.
 */
export function notifyStoreChange(listeners: StoreChangeListeners, cause: StoreChangeCause): void {
  for (const listener of [...listeners]) listener(cause);
}

/**
 * Once a request is answered: tells the listeners (`records`) when the store's revision is no
 * longer `before` ({@link readStoreRevision} as the request started). A change made by a
 * concurrent request may be reported there too, which only repeats a notification.
 */
export function reportRequestChanges(listeners: StoreChangeListeners, store: Store, before: number): void {
  if (readStoreRevision(store) !== before) notifyStoreChange(listeners, 'records');
}
