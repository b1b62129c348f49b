// Running against a target: the pre-flight, the one verdict and what a run leaves (run/), the conformance suite's runner and reports (conformance/), capture (capture/), response coverage (coverage/) and the fuzz command with its reports, baseline and curl repros (fuzz/). The CLI loads each entry by its own file, so a command loads only what it runs.
export type { ConformanceCommandOptions } from './conformance/run-conformance-command.js';
export type { CaptureOptions } from './capture/run-capture.js';
export type { FuzzCommandOptions } from './fuzz/run-fuzz-command.js';
export type { ResponseCoverage } from '../contract/response-coverage.js';
export type { RunVerdict } from './run/run-verdict.js';
