/**
 * @module mgmt-kit
 * The package entry: `import { createClient } from 'mgmt-kit'`, the typed client of
 * `@mgmt-kit/client` (the build imports it from that package). The reference server is at
 * `mgmt-kit/reference-server` and the msw handlers at `mgmt-kit/mock`, so that msw is loaded
 * only by those who use it.
 */

// Typed client (§4: one client per index, results typed per documented status)
export { createClient, indexOperations, NetworkError, UnexpectedStatusError } from './client/index.js';

// Types
export type {
  ApiResult,
  CallOptions,
  ClientOptions,
  CreateBody,
  CreateCall,
  CreateResult,
  DeleteCall,
  DeleteResult,
  Envelope,
  EnvelopeItem,
  IndexClient,
  IndexName,
  IndexOperations,
  KitClient,
  OperationId,
  Query,
  QueryCall,
  QueryPlacement,
  ReadCall,
  ReadRecordsCall,
  ReadRecordsResult,
  ReadResult,
  RecordOf,
  RequestBodyOf,
  StatusOf,
  UpdateBody,
  UpdateByBodyIdCall,
  UpdateByPathIdCall,
  UpdateCall,
  UpdateNamedInBody,
  UpdateResult,
} from './client/index.js';
