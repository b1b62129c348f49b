/**
 * @module mock
 * msw handlers for frontend developers: the reference core behind msw (stateful), usable with
 * `setupWorker` in the browser and `setupServer` in Node. Published as `@mgmt-kit/mock`
 * (packages/mock). Prism (`mgmt-kit mock`/`proxy`) is a command of the CLI: `src/cli/prism/`.
 */

// Handlers
export { createHandlers } from './create-handlers.js';

// The adapter's edges, for custom handlers
export { toMswResponse, NULL_BODY_STATUSES } from './to-msw-response.js';
export { readRawGetBody } from './read-raw-get-body.js';

// Types
export type { HandlerOptions, MockHandlers } from './create-handlers.js';
export type { MockControlFunctions, JournalEntry, JournalFilter, FaultRuleInput, FaultRuleView } from '../controls/index.js';
