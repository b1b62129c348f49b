/**
 * @module reference-server/mock-controls
 * What makes the reference server a frontend developer's mock, for every adapter (node:http and
 * msw): CORS, the admin routes for end-to-end tests, delays and injected faults. Browser-safe
 * (no Node modules), between an adapter and the core; none of it is an operation of the spec.
 */

export { withMockControls, type MockControlOptions, type CoreHandler } from './with-mock-controls.js';
export {
  answerPreflight,
  isPreflight,
  readCorsHeaders,
  readCorsOrigin,
  ANY_ORIGIN,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  type CorsOptions,
} from './cors-policy.js';
export { answerAdminRequest, type MockControlState } from './answer-admin-request.js';
export * from './admin-messages.js';
export {
  createRequestJournal,
  compileJournalFilter,
  DEFAULT_JOURNAL_SIZE,
  maskAuthorization,
  MAX_JOURNAL_TEXT,
  MAX_JOURNAL_VALUE,
  MAX_JOURNAL_ITEMS,
  MAX_JOURNAL_HEADERS,
  type RequestJournal,
  type JournalFilter,
  type JournalEntry,
} from './request-journal.js';
export type { MockControlFunctions } from './control-functions.js';
export { createFaultRules, readFaultRule, MAX_FAULT_RULES, type FaultRules, type FaultRuleView, type FaultRuleInput } from './fault-rules.js';
export {
  CONNECTION_FAULTS,
  FAULT_STATUS_HEADER,
  FAULT_DELAY_HEADER,
  GATEWAY_STATUSES,
  INJECTED_HEADER,
  injectedAnswer,
  injectedResponse,
  injectedMessage,
  readFault,
  readFaultHeaders,
  spellFault,
  undocumentedStatus,
  unhandledFault,
  type ConnectionFault,
  type Fault,
  type FaultRequest,
  type InjectedStatus,
  type MockResponse,
} from './fault.js';
export { createWaitSet, parseDelayRange, pickDelay, toDelayRange, type DelayRange, type DelaySetting } from './delay-range.js';
export { parseDuration, MAX_DELAY_MS } from './parse-duration.js';
