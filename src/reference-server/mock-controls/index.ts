/**
 * @module reference-server/mock-controls
 * What makes the reference server a frontend developer's mock, for every adapter (node:http and
 * msw): CORS, the admin routes for end-to-end tests, delays and injected faults. Browser-safe
 * (no Node modules), between an adapter and the core; none of it is an operation of the spec.
 */

// Between the adapter and the core
export { withMockControls } from './with-mock-controls.js';

// CORS
export { readCorsHeaders, readCorsOrigin, ANY_ORIGIN, CORS_ALLOWED_METHODS, CORS_EXPOSED_HEADERS } from './cors-policy.js';
export { answerPreflight, isPreflight } from './answer-preflight.js';

// Admin routes
export { answerAdminRequest, isAdminPath, ADMIN_PREFIX } from './answer-admin-request.js';
export * from './admin-messages.js';

// Request journal and fault rules
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './request-journal.js';
export { maskAuthorization, MAX_JOURNAL_TEXT, MAX_JOURNAL_VALUE, MAX_JOURNAL_ITEMS, MAX_JOURNAL_HEADERS } from './journal-entry.js';
export { compileJournalFilter } from './journal-filter.js';
export { createFaultRules, MAX_FAULT_RULES } from './fault-rules.js';
export { readFaultRule } from './read-fault-rule.js';
export { GATEWAY_STATUSES, INJECTED_HEADER, injectedAnswer } from './injected-status.js';
export { CONNECTION_FAULTS, readFault, spellFault, unhandledFault } from './fault.js';

// Delays and faults
export { parseDelayRange, pickDelay, toDelayRange } from './delay-range.js';
export { createWaitSet } from './create-wait-set.js';
export { parseDuration, MAX_DELAY_MS } from './parse-duration.js';
export { readFaultHeaders, undocumentedStatus } from './read-fault-headers.js';
export { injectedResponse, injectedMessage } from './injected-response.js';
export { FAULT_STATUS_HEADER, FAULT_DELAY_HEADER } from './fault-header-names.js';

// Types
export type { MockControlOptions, CoreHandler } from './with-mock-controls.js';
export type { CorsOptions } from './cors-policy.js';
export type { DelayRange, DelaySetting } from './delay-range.js';
export type { FaultRequest } from './read-fault-headers.js';
export type { RequestJournal } from './request-journal.js';
export type { JournalEntry } from './journal-entry.js';
export type { JournalFilter } from './journal-filter.js';
export type { FaultRules, FaultRuleView } from './fault-rules.js';
export type { FaultRuleInput } from './read-fault-rule.js';
export type { MockResponse } from './injected-status.js';
export type { ConnectionFault, Fault, InjectedStatus } from './fault.js';
export type { MockControlState } from './answer-controls-routes.js';
