import type { OperationId } from './api-result.js';

/** The three indices of the description (§4.1), as the client names them. */
export type IndexName = 'events' | 'networkLinkTypes' | 'agents';

/** Where an index lives and which operationIds its calls map to, without and with a path id. */
export interface IndexOperations {
  basePath: string;
  create: readonly [OperationId, OperationId];
  read: readonly [OperationId, OperationId];
  update: readonly [OperationId, OperationId];
  delete: readonly [OperationId, OperationId];
}

/**
 * The route table of the client, keyed by index. A unit test checks it against the spec's
 * paths and operationIds, so a renamed operation fails there and not in a consumer's app.
 */
export const indexOperations = {
  events: {
    basePath: '/event',
    create: ['createEvent', 'createEventById'],
    read: ['readEvents', 'readEventById'],
    update: ['updateEvent', 'updateEventById'],
    delete: ['deleteEvents', 'deleteEventById'],
  },
  networkLinkTypes: {
    basePath: '/type/network-link',
    create: ['createNetworkLinkType', 'createNetworkLinkTypeById'],
    read: ['readNetworkLinkTypes', 'readNetworkLinkTypeById'],
    update: ['updateNetworkLinkType', 'updateNetworkLinkTypeById'],
    delete: ['deleteNetworkLinkTypes', 'deleteNetworkLinkTypeById'],
  },
  agents: {
    basePath: '/catalog/agent',
    create: ['createAgent', 'createAgentById'],
    read: ['readAgents', 'readAgentById'],
    update: ['updateAgent', 'updateAgentById'],
    delete: ['deleteAgents', 'deleteAgentById'],
  },
} as const satisfies Record<IndexName, IndexOperations>;
