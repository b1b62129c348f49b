import type { ClientIndexKey } from '../../src/client/index.js';

/** A JSON record as the steps send it. */
export type JsonRecord = Record<string, unknown>;

/**
 * The ResourceConfig path the agents of this run carry: none (the plain sample), unless the
 * target refuses an agent without one (fit-agent-sample.ts). Per process and run; every faithful
 * target takes the plain sample, so there it stays undefined.
 */
let resourcePath: unknown;

/** Sets the resource config path the samples of this run carry (undefined: none, the plain sample). */
export function fitResourcePath(path: unknown): void {
  resourcePath = path;
}

/** A resource config as the samples of this run carry it: empty, or with the path the target needs. */
const resourceConfig = (plain: boolean): JsonRecord => (plain || resourcePath === undefined ? {} : { path: structuredClone(resourcePath) });

/**
 * A valid agent catalog entry (§2.3): two actions, two parameters and a resource, every
 * required field present. Only tabulated field names are used, so any faithful implementation
 * accepts it whatever names it gives the fields the description hides. Optional fields whose shape the
 * seed leaves ambiguous are left out (ResourceConfig.path: a list in the field table, a string in
 * the create request shape); one scenario tests that field on its own. `plain` leaves them out
 * whatever the run fitted (fit-agent-sample.ts).
 */
export function sampleAgent(plain = false): JsonRecord {
  return {
    actions: [
      { id: 'start', config: { cmd: 'agent -c {config} -e' }, status: 'started', description: 'Start the agent' },
      { id: 'stop', config: { cmd: 'agent stop' }, status: 'stopped' },
    ],
    parameters: [
      { id: 'period', type: 'time-duration', config: { schema: 'yaml', source: '/etc/agent.yml', path: ['period'] } },
      { id: 'level', type: 'string', config: { schema: 'json', source: '/etc/agent.json', path: ['log', 'level'] } },
    ],
    resources: [{ id: 'log', config: resourceConfig(plain), description: 'The file that is shipped' }],
  };
}

/**
 * A valid record of each index, without id. `variant` 1 differs in every non-id field from 0.
 * `plain`: the kit's plain sample whatever the run fitted (the scenario that checks it is taken).
 */
export function sampleRecord(index: ClientIndexKey, variant = 0, plain = false): JsonRecord {
  switch (index) {
    case 'events':
      return variant === 0 ? { kind: 'link-down', severity: 'major' } : { kind: 'link-up', severity: 'minor' };
    case 'networkLinkTypes':
      return variant === 0
        ? { name: 'Conformance link', description: 'Created by the mgmt-kit conformance suite' }
        : { name: 'Conformance link (other)', description: 'Another one' };
    case 'agents': {
      const agent = sampleAgent(plain);
      if (variant !== 0) agent['resources'] = [{ id: 'cache', config: resourceConfig(plain), description: 'The cache directory' }];
      return agent;
    }
  }
}

/** The agent's three lists (§2.3). */
export type AgentList = 'actions' | 'parameters' | 'resources';

/** Fields beyond the tables for the entries of each agent list and for their configs. */
const NESTED_EXTRAS: Record<AgentList, { entry: JsonRecord; config: JsonRecord }> = {
  actions: { entry: { timeout_s: 30 }, config: { retries: 2 } },
  parameters: { entry: { unit: 'seconds' }, config: { encoding: 'utf-8' } },
  resources: { entry: { mode: 'read-only' }, config: { rotate: { keep: 3 } } },
};

/**
 * An agent whose entries of one list, and their configs, carry fields beyond the tables. The
 * names are none of the hidden ones (ActionConfig options, Parameter value, …), which an
 * implementation may type.
 */
export function sampleAgentWithNestedExtras(list: AgentList): JsonRecord {
  const agent = sampleAgent();
  const extras = NESTED_EXTRAS[list];
  for (const entry of agent[list] as Array<JsonRecord & { config: JsonRecord }>) {
    Object.assign(entry, extras.entry);
    Object.assign(entry.config, extras.config);
  }
  return agent;
}

/** Fields beyond the tables (§2 rule 4), nested values included. */
export function sampleExtraFields(index: ClientIndexKey): JsonRecord {
  switch (index) {
    case 'events':
      return { origin: { host: 'router-7', port: 830 }, tags: ['core', 'edge'] };
    case 'networkLinkTypes':
      return { max_peers: 16, vendor: { name: 'acme', certified: true } };
    case 'agents':
      return { maintainer: 'team-edge', labels: ['edge', 'logs'] };
  }
}
