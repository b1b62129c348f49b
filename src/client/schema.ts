/**
 * @module schema
 * The types openapi-typescript generates from spec/openapi.yaml, for tools that take them (openapi-fetch's
 * `createClient<paths>()`, a hand-written fetch wrapper, a form library's schema type).
 */
export type { $defs, components, operations, paths, webhooks } from '../generated/openapi.js';
