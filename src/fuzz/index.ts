/**
 * @module fuzz
 * `mgmt-kit fuzz`: model-based differential fuzzing. Sequences generated from the spec's schemas
 * are sent to a target and to the reference core; disagreements beyond what
 * src/conformance/faithful-answers.ts allows are shrunk with fast-check and reported as curl repros.
 */

// Running
export { runFuzz, FuzzSetupError } from './run-fuzz.js';
export { runFuzzCommand, parseTimeBudget } from './run-fuzz-command.js';
export { formatSummaryLine } from './fuzz-report.js';

// Reporting
export { formatRepro, curlCommand } from './curl-repro.js';
export { renderFuzzMarkdown } from './render-fuzz-markdown.js';
export { renderFuzzJunit } from './render-fuzz-junit.js';
export { writeFuzzReports } from './write-fuzz-reports.js';

// The oracle and its judge, for other checks (the concurrency tests use findSerialOrder)
export { createModelOracle } from './model-oracle.js';
export { findSerialOrder } from './find-serial-order.js';
export { judgeAnswer } from './judge-answer.js';

// Generation from the spec
export { arbitraryForSchema } from './schema-arbitrary.js';
export { sequenceArbitrary, stepArbitrary } from './step-arbitrary.js';
export { createAuthTable } from './auth-table.js';

// Types
export type { FuzzOptions, FuzzProgress, FuzzReport } from './fuzz-report.js';
export type { FuzzFailure, Exchange, FuzzContext } from './fuzz-session.js';
export type { FuzzStep, Transport, AuthKind, MutationKind } from './fuzz-step.js';
export type { ModelOracle, ModelState } from './model-oracle.js';
export type { ObservedOperation } from './find-serial-order.js';
export type { Verdict, JudgeInput } from './judge-answer.js';
