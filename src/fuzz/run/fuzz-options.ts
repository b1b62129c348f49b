import type { ConnectionSettings } from '../../connection/connection-settings.js';
import type { ConnectionSession } from '../../connection/open-connection.js';
import type { ResponseTally } from '../../contract/response-coverage.js';
import type { IndexName } from '../../server/core/index.js';
import type { CheckId } from '../checks/check-table.js';
import type { ConcurrencyTally } from '../concurrency/run-group.js';
import type { FuzzFailure } from './fuzz-session.js';
import type { CleanUpReport } from './sweep-run-records.js';

/** What a fuzz run takes. */
export interface FuzzOptions {
  /** The target and how requests reach it (src/connection). No token: authentication is not fuzzed; with the HS256 secret, the wrong tokens are signed with the right key. */
  connection: ConnectionSettings;
  /** The run's connection when the caller opened it already (the command's pre-flight went through it); default: one opened for the run. */
  session?: ConnectionSession | undefined;
  /** Generated sequences (shrinking runs not counted). */
  runs: number;
  /** Generating and shrinking stop after this long; then the clean-up gets its allowance (RunBudget, fuzz-session.ts). */
  timeBudgetMs: number;
  /** Time to delete the run's records after the budget; default 5 000 ms (CLEAN_UP_ALLOWANCE_MS). */
  cleanUpAllowanceMs?: number;
  /** fast-check's seed: the same random seed generates the same sequences (`--random-seed`). */
  randomSeed: number;
  /** Allows deletes without where (the run restores what they removed). */
  allowDestructive: boolean;
  /** Stop once this many distinct failures are found; default: search until runs or time run out. */
  maxFailures?: number;
  /** `--checks`: the checks that report (check-table.ts); default every one. */
  checks?: readonly CheckId[] | undefined;
  /** Signatures already known (`--baseline`): not shrunk, and their hostile steps left out of later sequences once seen. */
  known?: readonly string[] | undefined;
  /** Longest generated sequence; default 12. */
  maxSteps?: number;
  /** Accept a 205 without body: for fetch-based targets (the msw handlers), which cannot send one. */
  bodiless205?: boolean;
  /** `--concurrency N`: first up to `runs` groups of N requests on one record sent at once (src/fuzz/concurrency), within half the time budget. */
  concurrency?: number | undefined;
  /** Every id of the run starts with it; default a fresh `fz-xxxxxx-` (the command makes it, to name it when interrupted). */
  runPrefix?: string | undefined;
  /** Aborted on SIGINT or SIGTERM: no sequence is sent any more, the clean-up runs within a short allowance. */
  interrupt?: AbortSignal | undefined;
  onProgress?: (progress: FuzzProgress) => void;
  onFailure?: (failure: FuzzFailure) => void;
}

/** Phase `clean-up`: once, when the budget or the runs are spent and the run's records are being deleted. */
export type FuzzProgress = { phase: 'fuzzing' | 'clean-up'; sequences: number; shrinkRuns: number; requests: number; failures: number; elapsedMs: number };

/** The outcome of a run: counts, and every distinct failure with its shortest sequence. */
export interface FuzzReport {
  baseUrl: string;
  randomSeed: number;
  runPrefix: string;
  startedAt: Date;
  durationMs: number;
  /** Requests sent to the target (steps, read-backs, look-ups, clean-up). */
  requests: number;
  sequences: number;
  /** Extra runs spent shrinking failures. */
  shrinkRuns: number;
  checks: CheckId[];
  /** Distinct failures by signature, each shrunk, with how often it was seen. */
  failures: FuzzFailure[];
  cleanUp: CleanUpReport;
  /** `throttled`: 429, or 503 with Retry-After; `target-stopped`: see `targetStopped`; `interrupted`: SIGINT or SIGTERM. */
  stoppedBy: 'runs' | 'time-budget' | 'throttled' | 'target-stopped' | 'interrupted';
  /** When and after how many requests the target stopped answering, and the line saying so (open-connection.ts). */
  targetStopped?: { at: string; afterRequests: number; line: string } | undefined;
  /** Names of the `--header`s every request carried (their values are never written). */
  extraHeaders?: string[];
  /** False when no token was given: every request was sent without the hostile tokens. */
  authChecked: boolean;
  /** Indices on which a delete with where was allowed (their where was seen to filter). */
  whereTrusted: IndexName[];
  /** Agent shapes the target refused before the run (probe-entry-shapes.ts), or 'unknown' when the probe could not tell. */
  refusedShapes: string[] | 'unknown';
  /** How often each method got each status in answer to a generated step: `{ 'POST 201': 310, … }`. */
  answers: Record<string, number>;
  concurrency?: ConcurrencyTally;
  /** Per operation and status, how often a judged answer (step or read-back) came and how often its check failed. */
  coverage: ResponseTally[];
}
