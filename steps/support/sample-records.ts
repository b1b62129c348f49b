import type { IndexName } from '../../src/client/index.js';

/** The extra field that lets a record created without an id be found again (seed §2 rule 4 allows it). */
export const MARKER_FIELD = 'conformance_marker';

/** A JSON record as the steps send it. */
export type JsonRecord = Record<string, unknown>;

/**
 * A valid agent catalog entry (seed §2.3): two actions, two parameters and a resource, every
 * required field present. Only tabulated field names are used, so any faithful implementation
 * accepts it whatever names it gives the fields the seed hides.
 */
export function sampleAgent(): JsonRecord {
  return {
    actions: [
      { id: 'start', config: { cmd: 'agent -c {config} -e' }, status: 'started', description: 'Start the agent' },
      { id: 'stop', config: { cmd: 'agent stop' }, status: 'stopped' },
    ],
    parameters: [
      { id: 'period', type: 'time-duration', config: { schema: 'yaml', source: '/etc/agent.yml', path: ['period'] } },
      { id: 'level', type: 'string', config: { schema: 'json', source: '/etc/agent.json', path: ['log', 'level'] } },
    ],
    resources: [{ id: 'log', config: { path: ['/var/log/agent.log'] }, description: 'The file that is shipped' }],
  };
}

/** A valid record of each index, without id. `variant` 1 differs in every non-id field from 0. */
export function sampleRecord(index: IndexName, variant = 0): JsonRecord {
  switch (index) {
    case 'events':
      return variant === 0 ? { kind: 'link-down', severity: 'major' } : { kind: 'link-up', severity: 'minor' };
    case 'networkLinkTypes':
      return variant === 0
        ? { name: 'Conformance link', description: 'Created by the mgmt-kit conformance suite' }
        : { name: 'Conformance link (other)', description: 'Another one' };
    case 'agents': {
      const agent = sampleAgent();
      if (variant !== 0) agent['resources'] = [{ id: 'cache', config: { path: ['/var/cache/agent'] } }];
      return agent;
    }
  }
}

/**
 * An agent whose list entries and their configs carry fields beyond the tables (seed §2 rule 4).
 * Some are the fields whose names the seed hides (ActionConfig options and boolean, Parameter
 * boolean): an implementation that names them otherwise must still keep them as extra fields.
 */
export function sampleAgentWithNestedExtras(): JsonRecord {
  const agent = sampleAgent();
  const entries = (list: string) => agent[list] as Array<Record<string, unknown> & { config: Record<string, unknown> }>;
  for (const action of entries('actions')) {
    action['timeout_s'] = 30;
    action.config['args'] = ['-v', '--once'];
    action.config['daemon'] = false;
  }
  for (const parameter of entries('parameters')) {
    parameter['list'] = false;
    parameter.config['encoding'] = 'utf-8';
  }
  for (const resource of entries('resources')) {
    resource['mode'] = 'read-only';
    resource.config['rotate'] = { keep: 3 };
  }
  return agent;
}

/** Fields beyond the tables (seed §2 rule 4), nested values included. */
export function sampleExtraFields(index: IndexName): JsonRecord {
  switch (index) {
    case 'events':
      return { origin: { host: 'router-7', port: 830 }, tags: ['core', 'edge'] };
    case 'networkLinkTypes':
      return { max_peers: 16, vendor: { name: 'acme', certified: true } };
    case 'agents':
      return { maintainer: 'team-edge', labels: ['edge', 'logs'] };
  }
}
