// The server: one reference core (core/) and what runs it — the mock controls (controls/), the node:http adapter (node-http/) with the admin page, docs pages and data file beside it, the msw adapter (msw/), the Playwright fixture (playwright/) and the bench (bench/).
/**
 * @module reference-server
 * The reference in-memory management service for Node: the browser-safe core (re-exported from
 * `./core/index.ts`, which the msw handlers import) plus the node:http adapter behind
 * `mgmt-kit serve` / `npm start`.
 */

// The core (browser-safe)
export * from './core/index.js';

// The mock controls for frontend work: CORS, admin routes, delays, faults (browser-safe)
export * from './controls/index.js';

// The node:http adapter
export { startReferenceServer } from './start-reference-server.js';
export { createRequestListener } from './node-http/create-request-listener.js';
export { DEFAULT_BODY_LIMIT } from './node-http/read-request-body.js';
export { withCors } from './node-http/with-cors.js';
export { DataFileError, readRecordsFile, serializeStoreState, writeFileAtomically } from './data-file/data-file.js';

// Types
export type { ReferenceServerOptions, RunningReferenceServer } from './start-reference-server.js';
export type { RequestListenerOptions, RequestLogEntry } from './node-http/create-request-listener.js';
export type { AttachedDataFile, DataFileOptions, RecordsFileResult } from './data-file/data-file.js';
