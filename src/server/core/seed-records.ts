import { findDuplicateEntryIds } from './write-records.js';
import { deepFreeze } from './freeze-json.js';
import { INDEX_DEFINITIONS, INDEX_NAMES, type IndexName } from './index-definitions.js';
import { cloneJson, isJsonObject, type JsonObject, type StoredRecord } from './json-record.js';
import type { Store } from './store.js';
import type { RecordValidator } from './core-types.js';

/**
 * Records to load at start, per index — the shape of a `--seed` file:
 * `{ "event": [...], "network-link-type": [...], "agent": [...] }`. Every key is optional; each
 * record must satisfy the index's create schema; a record without id gets a generated one.
 *
 * Seed files are the kit's own: no request to the service reaches this file,
 * so it is not mutated (stryker.config.json, docs/mutation/README.md); unit tests cover it.
 */
export type SeedData = Partial<Record<IndexName, JsonObject[]>>;

/**
 * Checks a parsed seed file and lists every problem (unknown index, non-array, a record the
 * create schema refuses, repeated entry ids in an agent list, a duplicate id). An empty list
 * means the description can be loaded.
 */
export function findSeedProblems(seed: unknown, validate: RecordValidator): string[] {
  if (!isJsonObject(seed)) return ['the description must be a JSON object such as {"event": [], "network-link-type": [], "agent": []}'];
  const problems: string[] = [];
  for (const [key, records] of Object.entries(seed)) {
    const def = INDEX_DEFINITIONS.find((d) => d.name === key);
    if (!def) {
      problems.push(`unknown index "${key}" (use ${INDEX_NAMES.join(', ')})`);
      continue;
    }
    if (!Array.isArray(records)) {
      problems.push(`${key}: must be an array of records`);
      continue;
    }
    const seen = new Set<string>();
    // A plain loop, the record's name built only for a problem: a seed may hold 100 000 records.
    for (let i = 0; i < records.length; i += 1) {
      const record: unknown = records[i];
      if (!isJsonObject(record)) {
        problems.push(`${key}[${i}]: must be a JSON object`);
        continue;
      }
      const message = validate(def.inputSchema, record) ?? findDuplicateEntryIds(record, def.listsMergedById);
      if (message) {
        problems.push(`${key}[${i}]: ${JSON.stringify(message)}`);
        continue;
      }
      const id = record['id'];
      if (typeof id === 'string') {
        if (seen.has(id)) problems.push(`${key}[${i}]: duplicate id "${id}"`);
        seen.add(id);
      }
    }
  }
  return problems;
}

/**
 * A deep-frozen seed, made once: the store then shares its records with it instead of holding a
 * second copy for every reset (100 000 seeded events are kept once). A record the
 * caller has frozen already cannot change, so it is shared as it is (a `--seed` file is parsed,
 * frozen and handed over without any copy); any other record is copied first, so the caller's
 * objects stay theirs.
 */
export function freezeSeed(seed: SeedData): SeedData {
  const frozen: SeedData = {};
  for (const name of INDEX_NAMES) {
    const records = seed[name];
    if (records) frozen[name] = records.map((record) => deepFreeze(Object.isFrozen(record) ? record : cloneJson(record)));
  }
  return frozen;
}

/**
 * Puts the seed's records into a store that holds the preload (if any); a seed record with the
 * id of a preloaded one replaces it. The seed must have passed {@link findSeedProblems}.
 * A frozen seed record (see {@link freezeSeed}) is stored as it is, shared with the seed, so a
 * large seed is held once; any other record is copied.
 */
export function loadSeedRecords(store: Store, seed: SeedData, generateId: () => string): void {
  for (const name of INDEX_NAMES) {
    const records = seed[name];
    if (records === undefined) continue;
    for (const record of records) {
      const stored = (typeof record['id'] === 'string' ? record : { id: generateId(), ...record }) as StoredRecord;
      if (Object.isFrozen(record)) store[name].adopt(stored);
      else store[name].put(stored);
    }
  }
}

/** Thrown by `createReferenceCore` when the description cannot be loaded; lists every problem. */
export class SeedError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid seed:\n  ${problems.join('\n  ')}`);
    this.name = 'SeedError';
  }
}
