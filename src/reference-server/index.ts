/**
 * @module reference-server
 * The reference in-memory management service for Node: the browser-safe core (re-exported from
 * `./core/index.ts`, which the msw handlers import) plus the node:http adapter behind
 * `mgmt-kit serve` / `npm start`.
 */

// The core (browser-safe)
export * from './core/index.js';

// The node:http adapter
export { startReferenceServer } from './node-http/start-reference-server.js';
export { createRequestListener } from './node-http/create-request-listener.js';

// Types
export type { ReferenceServerOptions, RunningReferenceServer } from './node-http/start-reference-server.js';
export type { RequestListenerOptions, RequestLogEntry } from './node-http/create-request-listener.js';
