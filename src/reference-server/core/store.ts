import type { OpenApiDocument } from '../../spec/openapi-document.js';
import { INDEX_NAMES, type IndexName } from './index-definitions.js';
import { IndexStore } from './index-store.js';
import { readPreloadedNetworkLinkTypes } from './preload.js';
import { loadSeedRecords, type SeedData } from './seed-records.js';

export { findSeedProblems, freezeSeed, type SeedData } from './seed-records.js';

/** One in-memory store per index (§1). */
export type Store = Readonly<Record<IndexName, IndexStore>>;

/** Options of {@link fillStore}. */
export interface StoreOptions {
  /** Preload `p2p` and `slice` (§2.2); default true. */
  preload?: boolean | undefined;
  /** Records of a `--seed` file, loaded after the preload (./seed-records.ts). */
  seed?: SeedData;
}

/**
 * Fills a fresh store: the preload (unless disabled), then the seed's records (see
 * {@link loadSeedRecords}). The seed must have passed `findSeedProblems`.
 */
export function fillStore(store: Store, doc: OpenApiDocument, options: StoreOptions, generateId: () => string): void {
  for (const name of INDEX_NAMES) store[name].clear();
  if (options.preload ?? true) {
    for (const record of readPreloadedNetworkLinkTypes(doc)) store['network-link-type'].put(record);
  }
  loadSeedRecords(store, options.seed ?? {}, generateId);
}

/** An empty store: one {@link IndexStore} per index. */
export function createEmptyStore(): Store {
  return { event: new IndexStore(), 'network-link-type': new IndexStore(), agent: new IndexStore() };
}

