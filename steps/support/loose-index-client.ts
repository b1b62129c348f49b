import type { CallOptions, ClientIndexKey, KitClient, QueryCall } from '../../src/client/index.js';
import type { CallOutcome } from './call-outcome.js';

/**
 * One index of the client with bodies typed loosely. Steps are generic over the index and send
 * deliberately incomplete or invalid records, which the per-index request types would refuse;
 * the responses are still checked against the spec by the World.
 */
export interface LooseIndexClient {
  create(call: CallOptions & { body?: unknown }): Promise<CallOutcome>;
  read(call?: QueryCall): Promise<CallOutcome>;
  update(call: CallOptions & { body?: unknown }): Promise<CallOutcome>;
  delete(call?: QueryCall): Promise<CallOutcome>;
}

/** The loosely typed view of `client[index]`. */
export function indexClient(client: KitClient, index: ClientIndexKey): LooseIndexClient {
  return client[index] as unknown as LooseIndexClient;
}
