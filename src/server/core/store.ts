import { INDEX_NAMES, type IndexName } from './index-definitions.js';
import { IndexStore } from './index-store.js';

/** One in-memory store per index (§1). */
export type Store = Readonly<Record<IndexName, IndexStore>>;

export function createEmptyStore(): Store {
  return Object.fromEntries(INDEX_NAMES.map((name) => [name, new IndexStore()])) as Store;
}
