import { indexTable, type ClientIndexKey, type IndexName } from '../../generated/index-table.js';

export type { ClientIndexKey, IndexName } from '../../generated/index-table.js';

/** What the core needs to know about one index: its path and the spec schemas of its records. */
export interface IndexDefinition {
  name: IndexName;
  /** `{base}` of §4.1. */
  basePath: string;
  /** Component schema a created record must satisfy (§2, "Required"). */
  inputSchema: string;
  /** Component schema an update body must satisfy. */
  updateSchema: string;
  /** Component schema a stored (merged) record must satisfy. */
  storedSchema: string;
  /** Lists whose entries an update matches by id (§4.1 rule 5); others are replaced. */
  listsMergedById: readonly string[];
}

/** No list an update matches by id: those of events and network link types, and of nested objects. */
// Stryker disable next-line ArrayDeclaration: equivalent: no field of a record bears the name Stryker puts in the list (docs/mutation/SURVIVORS.md)
export const NO_LISTS_MERGED_BY_ID: readonly string[] = [];

/** The agent lists an update merges entry by entry (x-decisions update-merge); the spec states it only in prose. */
const LISTS_MERGED_BY_ID: Readonly<Partial<Record<IndexName, readonly string[]>>> = { agent: ['actions', 'parameters', 'resources'] };

/** The index table of §4.1 (src/generated/index-table.ts, read from the spec), as the core uses it. */
export const INDEX_DEFINITIONS: readonly IndexDefinition[] = indexTable.map((row) => ({
  name: row.name,
  basePath: row.basePath,
  inputSchema: row.schemas.input,
  updateSchema: row.schemas.update,
  storedSchema: row.schemas.stored,
  listsMergedById: LISTS_MERGED_BY_ID[row.name] ?? NO_LISTS_MERGED_BY_ID,
}));

/** The index names, in the description's order. */
export const INDEX_NAMES: readonly IndexName[] = INDEX_DEFINITIONS.map((d) => d.name);

export { operationIdFor } from './operation-ids.js';

/** The core's name of the index the typed client calls `clientKey` (`networkLinkTypes` → `network-link-type`). */
export function indexNameOf(clientKey: ClientIndexKey): IndexName {
  return indexTable.find((row) => row.clientKey === clientKey)!.name;
}

/** The labels of an index for messages: `{ one: 'network link type', many: 'network link types' }`. */
export function indexLabels(name: IndexName): { one: string; many: string } {
  return indexTable.find((row) => row.name === name)!.label;
}
