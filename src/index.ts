/**
 * @module mgmt-kit
 * The package entry: `import { createClient, createHandlers } from 'mgmt-kit'`.
 * The reference server is at `mgmt-kit/reference-server`, the msw adapter also at `mgmt-kit/mock`.
 */

// Typed client (seed §4: one client per index, results typed per documented status)
export { createClient, indexOperations, NetworkError, UnexpectedStatusError } from './client/index.js';

// msw handlers backed by the reference core (browser and Node)
export { createHandlers } from './mock/index.js';

// Types
export type {
  ApiResult,
  CallOptions,
  ClientOptions,
  Envelope,
  EnvelopeItem,
  IndexClient,
  IndexName,
  IndexOperations,
  KitClient,
  OperationId,
  Query,
  QueryCallOptions,
  RequestBodyOf,
} from './client/index.js';
export type { HandlerOptions } from './mock/index.js';
