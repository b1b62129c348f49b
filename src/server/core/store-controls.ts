import type { OpenApiDocument } from '../../contract/spec/openapi-document.js';
import { INDEX_NAMES } from './index-definitions.js';
import { findSeedProblems, freezeSeed, SeedError, type SeedData } from './seed-records.js';
import { fillStore, type StoreOptions } from './fill-store.js';
import type { Store } from './store.js';
import type { RecordValidator } from './core-types.js';

/*
 * What a core offers beside answering requests: its start records, starting over, reading or
 * replacing every record, and change notifications. These are the kit's own: no request to the
 * service reaches this file (no request's answer depends on it), so it is not mutated
 * (stryker.config.json, docs/mutation/README.md); unit tests cover it.
 */

/**
 * What made the records change: an API request (`records`), {@link StoreControls.reset}
 * (`reset`), {@link StoreControls.replaceState} (`state`) or {@link StoreControls.replaceSeed}
 * (`seed`).
 */
export type StoreChangeCause = 'records' | 'reset' | 'state' | 'seed';

/** Told after the records changed; reads the new state from the core itself. Must not throw. */
export type StoreChangeListener = (cause: StoreChangeCause) => void;

/**
 * The listeners of one core: who observes its changes (persistence on Node, a live page). The
 * core creates the set itself and these functions only read or fill it, so that no change here
 * can break a request. A plain set (no EventEmitter: the core stays browser-safe).
 */
export type StoreChangeListeners = Set<StoreChangeListener>;

/** The sum of every index's revision: it moves whenever any record of the store changes. */
export function readStoreRevision(store: Store): number {
  let revision = 0;
  for (const name of INDEX_NAMES) revision += store[name].revision;
  return revision;
}

/**
 * Tells every listener, in the order they were added. A listener removed while the others are
 * being told is not told of later changes; one added then is.
 */
function notifyStoreChange(listeners: StoreChangeListeners, cause: StoreChangeCause): void {
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

/**
 * Every index of a store in the shape of a `--seed` file: `{ "event": [...],
 * "network-link-type": [...], "agent": [...] }`, every key present, records as copies. Loading
 * it again as a seed (or as the state of `PUT /__admin/state`) gives the same store.
 */
export function readStoreState(store: Store): Required<SeedData> {
  const state = {} as Required<SeedData>;
  for (const name of INDEX_NAMES) state[name] = store[name].list();
  return state;
}

/** What a core loads: {@link onReset} on every reset, {@link atStart} once when it is created. */
export interface StartRecords {
  /** The preload option as given (`fillStore` preloads unless it is false) and the frozen seed. */
  onReset: StoreOptions;
  /** The saved state when one was given (`--data`, no preload added), else {@link onReset}. */
  atStart: StoreOptions;
}

/**
 * Reads a core's start options: the seed and the saved state, each checked as a seed is and
 * frozen once (see {@link freezeSeed}). Throws {@link SeedError} listing every problem of both;
 * the saved state's are named as the initial state's.
 */
export function readStartRecords(options: { preload?: boolean; seed?: SeedData; initialState?: SeedData }, validate: RecordValidator): StartRecords {
  const problems = options.seed === undefined ? [] : findSeedProblems(options.seed, validate);
  if (options.initialState !== undefined) problems.push(...findSeedProblems(options.initialState, validate).map((p) => `initial state: ${p}`));
  if (problems.length > 0) throw new SeedError(problems);
  const onReset: StoreOptions = options.seed === undefined ? { preload: options.preload } : { preload: options.preload, seed: freezeSeed(options.seed) };
  const atStart: StoreOptions = options.initialState === undefined ? onReset : { preload: false, seed: freezeSeed(options.initialState) };
  return { onReset, atStart };
}

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
   * directly through the core's `store` are not reported. Returns the function that stops the
   * calls; the same function added twice is told twice and removed once per call.
   */
  onChange(listener: StoreChangeListener): () => void;
}

/**
 * The controls of a core's store: `reset` (the admin reset), `state` and `replaceState`
 * (`GET`/`PUT /__admin/state` of the mock controls), `replaceSeed` (`--watch`) and `onChange`
 * (each of the others tells the listeners, naming itself).
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
  const replace = (records: unknown, cause: 'state' | 'seed', fill: (seed: SeedData) => StoreOptions): string[] => {
    const problems = findSeedProblems(records, validate);
    if (problems.length > 0) return problems;
    fillStore(store, doc, fill(records as SeedData), generateId);
    notifyStoreChange(listeners, cause);
    return [];
  };
  return {
    reset() {
      fillStore(store, doc, current, generateId);
      notifyStoreChange(listeners, 'reset');
    },
    state: () => readStoreState(store),
    replaceState: (state) => replace(state, 'state', (seed) => ({ preload: false, seed })),
    replaceSeed: (seed) => replace(seed, 'seed', (checked) => (current = { ...current, seed: freezeSeed(checked) })),
    onChange(listener) {
      const entry: StoreChangeListener = (cause) => listener(cause);
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
  };
}
