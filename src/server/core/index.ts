/**
 * @module reference-server/core
 * The browser-safe public map of the reference core (no Node modules): what the msw
 * handlers import. The Node entry `../index.ts` re-exports it with the node:http adapter.
 */

// The core: plain request in, plain response out
export { createReferenceCore, SeedError, getSharedRecordValidator } from './reference-core.js';
export { handleRequest } from './handle-request.js';

// Store
export { createEmptyStore } from './store.js';
export { fillStore } from './fill-store.js';
export { findSeedProblems, freezeSeed } from './seed-records.js';
export { readStoreRevision, readStoreState } from './store-controls.js';
export { deepFreeze } from './freeze-json.js';
export { IndexStore } from './index-store.js';
export { readPreloadedNetworkLinkTypes } from './preload.js';
export { INDEX_DEFINITIONS, INDEX_NAMES, indexLabels, indexNameOf, operationIdFor } from './index-definitions.js';
export { indexTable } from '../../generated/index-table.js';

// Authentication: the token room (src/contract/tokens), re-exported for the users of this map
export { createAuthenticator, mintToken, generateSecret } from '../../contract/tokens/index.js';

// Envelope and messages
export { envelopeItem, errorResponse, jsonResponse, reasonPhrase } from './envelope.js';
export * from './messages.js';
export { ALLOWED_METHODS, matchRoute } from './route.js';
export { DEFAULT_BODY_LIMIT, MAX_BODY_DEPTH, decodeBody, isJsonMediaType } from './parse-json-body.js';
export { collectWithin, type LimitedBody } from './limited-body.js';

// Pure rules, for other adapters and tests
export { matchWhere, readTarget } from './match-where.js';
export { selectFields } from './select-fields.js';
export { mergeUpdate } from './merge-update.js';
export { createRecordValidator } from './validate-record.js';

// The spec document the core validates against (generated from spec/openapi.yaml). Its
// validator, which compiles the spec with ajv at run time (the kit's conformance steps and
// fuzzer check answers with it), is the entry `@mgmt-kit/mock/spec`, not part of this map:
// the core validates records with the same schemas compiled ahead of time, so importing the
// core (every start of `mgmt-kit serve`) never loads ajv.
export { loadOpenApiDocument, listOperations } from '../../contract/spec/openapi-document.js';
// The query language, ?q= and batches (extensions, spec x-extension)
export { parseQuery } from './query/parse-query.js';
export { parseWhere, MAX_CLAUSES } from './query/parse-where.js';
export { matchClause } from './query/match-clause.js';
export { applyQuery } from './query/apply-query.js';
export { compileRegExp, compileWildcard, MAX_PATTERN_LENGTH, MAX_PROGRAM_SIZE } from './query/compile-pattern.js';
export { takeQueryInput, QUERY_PARAMETER } from './query/take-query-input.js';
export { mostSevereStatus } from './write-records.js';

// Types
export type { CoreContext, CoreRequest, CoreResponse, RecordValidator, ValidationMessage } from './core-types.js';
export type { ReferenceCore, ReferenceCoreOptions } from './reference-core.js';
export type { Store } from './store.js';
export type { StoreOptions } from './fill-store.js';
export type { SeedData } from './seed-records.js';
export type { StoreChangeCause, StoreChangeListener } from './store-controls.js';
export type { ClientIndexKey, IndexDefinition, IndexName } from './index-definitions.js';
export type { Authenticator, JwtSecret } from '../../contract/tokens/authenticate.js';
export type { MintTokenOptions, TokenKind } from '../../contract/tokens/mint-token.js';
export type { EnvelopeItem } from './envelope.js';
export type { JsonObject, StoredRecord } from './json-record.js';
export type { WhereEquals } from './match-where.js';
export type { Route, IndexMethod } from './route.js';
export type { OpenApiDocument, OperationEntry } from '../../contract/spec/openapi-document.js';
export type { SpecValidator, ResponseCheck, SchemaViolation } from '../../contract/spec/spec-validator.js';
export type { ParsedQuery } from './query/parse-query.js';
export type { Clause } from './query/match-clause.js';
export type { Limit, OrderBy } from './query/parse-query.js';
export type { ParseProblem, Parsed } from './query/parse-problem.js';
