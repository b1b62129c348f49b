// The typed client: one IndexClient per index of the description, results typed per status.
export { createClient } from './create-client.js';
export { indexOperations } from './index-operations.js';
export { NetworkError, UnexpectedStatusError } from './api-result.js';
export { expiresSoon, holdToken, readTokenTimes, renewalDue } from './token-provider.js';
// For fetch-based clients generated from the spec (openapi-fetch, hey-api): see docs/other-tools.md
export { withNullBodyStatuses } from './with-null-body-statuses.js';
// How the client builds a request and reads its answer, for callers that send raw requests (the connection, the conformance steps)
export { authorizationOf, describedHeaders, normaliseHeaders, parseJsonOrUndefined, placeQuery } from './create-client.js';
export type { ClientOptions, ClientRequest, ClientTransport } from './create-client.js';
export type {
  CallOptions,
  CreateCall,
  DeleteCall,
  QueryCall,
  ReadCall,
  ReadRecordsCall,
  UpdateCall,
  UpdateByBodyIdCall,
  UpdateByPathIdCall,
} from './index-calls.js';
export type { CreateBody, DeleteQuery, QueryPlacement, UpdateBody, UpdateNamedInBody, WholeRecordsQuery, IndexClient, KitClient } from './index-calls.js';
export type { CreateResult, DeleteResult, ReadRecordsResult, ReadResult, RecordOf, StatusOf, UpdateResult } from './index-results.js';
export type { ClientIndexKey, IndexOperations } from './index-operations.js';
/** @deprecated The client's property names of the indices: use {@link ClientIndexKey} (kept for existing imports). */
export type { ClientIndexKey as IndexName } from './index-operations.js';
export type { ApiResult, OperationId, RequestBodyOf } from './api-result.js';
export type { HeldToken, TokenProvider } from './token-provider.js';
export type * from './record-types.js';
