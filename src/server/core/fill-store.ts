import type { OpenApiDocument } from '../../contract/spec/openapi-document.js';
import { INDEX_NAMES } from './index-definitions.js';
import { readPreloadedNetworkLinkTypes } from './preload.js';
import { loadSeedRecords, type SeedData } from './seed-records.js';
import type { Store } from './store.js';

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
