import { INDEX_NAMES } from './index-definitions.js';
import type { SeedData } from './seed-records.js';
import type { Store } from './store.js';

/**
 * Every index of a store in the shape of a `--seed` file: `{ "event": [...],
 * "network-link-type": [...], "agent": [...] }`, every key present, records as copies. Loading
 * it again as a seed (or as the state of `PUT /__admin/state`) gives the same store.
 *
 * The admin state control is the kit's own: no request to the service reaches this file, so it
 * is not mutated (stryker.config.json, docs/mutation/README.md).
 */
export function readStoreState(store: Store): Required<SeedData> {
  const state = {} as Required<SeedData>;
  for (const name of INDEX_NAMES) state[name] = store[name].list();
  return state;
}
