/**
 * @module reference-server
 * The reference in-memory management service for Node: the browser-safe core (re-exported from
 * `./core/index.ts`, which the msw handlers import) plus the node:http adapter behind
 * `mgmt-kit serve` / `npm start`.
 */

// The core (browser-safe)
export * from './core/index.js';

// The mock controls for frontend work: CORS, admin routes, delays, faults (browser-safe)
export * from './mock-controls/index.js';

// The node:http adapter
export { startReferenceServer } from './node-http/start-reference-server.js';
export { createRequestListener } from './node-http/create-request-listener.js';
export { DEFAULT_BODY_LIMIT } from './node-http/read-request-body.js';
export { withCors } from './node-http/with-cors.js';
export { DataFileError, readRecordsFile, serializeStoreState, writeFileAtomically } from './node-http/data-file.js';

// Types
export type { ReferenceServerOptions, RunningReferenceServer } from './node-http/start-reference-server.js';
export type { RequestListenerOptions, RequestLogEntry } from './node-http/create-request-listener.js';
export type { AttachedDataFile, DataFileOptions, RecordsFileResult } from './node-http/data-file.js';
