// The typed client: one IndexClient per index of the seed, results typed per status.
export { createClient } from './create-client.js';
export { indexOperations } from './index-operations.js';
export { NetworkError, UnexpectedStatusError } from './api-result.js';
export { placeQuery } from './place-query.js';

export type { ClientOptions, CallOptions, QueryCallOptions, IndexClient, KitClient } from './create-client.js';
export type { IndexName, IndexOperations } from './index-operations.js';
export type { QueryPlacement } from './place-query.js';
export type { ApiResult, OperationId, RequestBodyOf, Query, Envelope, EnvelopeItem } from './api-result.js';
