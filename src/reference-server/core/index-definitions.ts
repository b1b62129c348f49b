/** The three indices of the description (§4.1 table), by the names a seed file uses. */
export type IndexName = 'event' | 'network-link-type' | 'agent';

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

/** The index table of §4.1, with the spec component names of each index. */
export const INDEX_DEFINITIONS: readonly IndexDefinition[] = [
  {
    name: 'event',
    basePath: '/event',
    inputSchema: 'EventInput',
    updateSchema: 'EventUpdate',
    storedSchema: 'Event',
    listsMergedById: NO_LISTS_MERGED_BY_ID,
  },
  {
    name: 'network-link-type',
    basePath: '/type/network-link',
    inputSchema: 'NetworkLinkTypeInput',
    updateSchema: 'NetworkLinkTypeUpdate',
    storedSchema: 'NetworkLinkType',
    listsMergedById: NO_LISTS_MERGED_BY_ID,
  },
  {
    name: 'agent',
    basePath: '/catalog/agent',
    inputSchema: 'AgentInput',
    updateSchema: 'AgentUpdate',
    storedSchema: 'Agent',
    listsMergedById: ['actions', 'parameters', 'resources'],
  },
];

/** The index names, in the description's order. */
export const INDEX_NAMES: readonly IndexName[] = INDEX_DEFINITIONS.map((d) => d.name);

export { operationIdFor } from './operation-ids.js';
