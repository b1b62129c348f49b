/**
 * @module fuzz
 * `mgmt-kit fuzz`: model-based differential fuzzing. Sequences generated from the spec's schemas
 * are sent to a target and to the reference core; disagreements beyond what
 * src/contract/faithful-answers.ts allows are shrunk with fast-check and reported as curl repros.
 */

// Running
export { runFuzz, FuzzSetupError } from './run/run-fuzz.js';
export { runFuzzCommand } from './run/run-fuzz-command.js';
export { formatSummaryLine } from './report/fuzz-report.js';

// Reporting
export { formatRepro } from './report/curl-repro.js';
export { curlCommand } from './report/curl-command.js';
export { renderFuzzMarkdown } from './report/render-fuzz-markdown.js';
export { renderFuzzJunit } from './report/render-fuzz-junit.js';
export { writeFuzzReports } from './report/write-fuzz-reports.js';

// The oracle and its judge, for other checks (the concurrency tests use findSerialOrder)
export { createModelOracle } from './judge/model-oracle.js';
export { findSerialOrder } from './judge/find-serial-order.js';
export { judgeAnswer } from './judge/judge-answer.js';

// Generation from the spec
export { arbitraryForSchema } from './generate/schema-arbitrary.js';
export { sequenceArbitrary, stepArbitrary } from './generate/step-arbitrary.js';
export { createAuthTable } from './generate/auth-table.js';

// Types
export type { FuzzOptions, FuzzProgress, FuzzReport } from './report/fuzz-report.js';
export type { FuzzFailure, Exchange, FuzzContext } from './run/fuzz-session.js';
export type { FuzzStep, Transport, AuthKind, FlawKind } from './generate/fuzz-step.js';
export type { ModelOracle, ModelState } from './judge/model-oracle.js';
export type { ObservedOperation } from './judge/find-serial-order.js';
export type { Verdict, JudgeInput } from './judge/judge-answer.js';
