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
  /** operationId stem used by the spec, e.g. `Event` in createEvent / readEventById. */
  operationStem: { one: string; many: string };
}

/** The index table of §4.1, with the spec component names of each index. */
export const INDEX_DEFINITIONS: readonly IndexDefinition[] = [
  {
    name: 'event',
    basePath: '/event',
    inputSchema: 'EventInput',
    updateSchema: 'EventUpdate',
    storedSchema: 'Event',
    // Stryker disable next-line ArrayDeclaration: equivalent: no list merged by id in this index (features/SURVIVORS.md)
    listsMergedById: [],
    // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
    operationStem: { one: 'Event', many: 'Events' },
  },
  {
    name: 'network-link-type',
    basePath: '/type/network-link',
    inputSchema: 'NetworkLinkTypeInput',
    updateSchema: 'NetworkLinkTypeUpdate',
    storedSchema: 'NetworkLinkType',
    // Stryker disable next-line ArrayDeclaration: equivalent: no list merged by id in this index (features/SURVIVORS.md)
    listsMergedById: [],
    // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
    operationStem: { one: 'NetworkLinkType', many: 'NetworkLinkTypes' },
  },
  {
    name: 'agent',
    basePath: '/catalog/agent',
    inputSchema: 'AgentInput',
    updateSchema: 'AgentUpdate',
    storedSchema: 'Agent',
    listsMergedById: ['actions', 'parameters', 'resources'],
    // Stryker disable next-line ObjectLiteral,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
    operationStem: { one: 'Agent', many: 'Agents' },
  },
];

/** The index names, in the description's order. */
export const INDEX_NAMES: readonly IndexName[] = INDEX_DEFINITIONS.map((d) => d.name);

/**
 * The spec's operationId for a method on an index, with or without an id in the path
 * (e.g. `readNetworkLinkTypeById`, `deleteEvents`). Tests use it to check responses against the spec.
 */
// Stryker disable next-line BlockStatement: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
export function operationIdFor(index: IndexName, method: string, byId: boolean): string {
  // Stryker disable next-line ArrowFunction,ConditionalExpression,EqualityOperator: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
  const def = INDEX_DEFINITIONS.find((d) => d.name === index)!;
  // Stryker disable next-line LogicalOperator,MethodExpression,ObjectLiteral,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
  const verb = { GET: 'read', POST: 'create', PUT: 'update', DELETE: 'delete' }[method.toUpperCase()] ?? 'unknown';
  // Stryker disable next-line ConditionalExpression,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
  if (byId) return `${verb}${def.operationStem.one}ById`;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
  const pluralVerbs = verb === 'read' || verb === 'delete';
  // Stryker disable next-line StringLiteral: kit-only: operation ids for tests and logs (features/SURVIVORS.md)
  return `${verb}${pluralVerbs ? def.operationStem.many : def.operationStem.one}`;
}
