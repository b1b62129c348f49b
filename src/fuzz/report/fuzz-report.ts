import type { ResponseTally } from '../../target/coverage/response-coverage.js';
import { INDEX_NAMES, type IndexName } from '../../server/core/index.js';
import type { FuzzFailure } from '../run/fuzz-session.js';
import type { CheckId } from '../checks/check-table.js';
import type { CleanUpReport } from '../run/sweep-run-records.js';
import type { FuzzBaselineComparison } from './fuzz-baseline.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import type { ConnectionSession } from '../../connection/open-connection.js';
import type { ConcurrencyTally } from '../concurrency/run-group.js';

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
  /** `--baseline FILE`: the failures held against the deployment's known deviations. */
  baseline?: { file: string; comparison: FuzzBaselineComparison } | undefined;
}

/** The failures that fail the run: all of them, or under --baseline those it does not list. */
export function unacceptedFailures(report: FuzzReport): FuzzFailure[] {
  return report.baseline ? report.baseline.comparison.newFailures : report.failures;
}

/** Each way a run ends: what the summary line adds, and fuzz.md's "stopped by" cell (an early end says the run did not finish). */
export const STOPPED_BY: Record<FuzzReport['stoppedBy'], { note: string; cell: (report: FuzzReport) => string }> = {
  runs: { note: '', cell: () => '--runs' },
  'time-budget': { note: ', stopped by the time budget', cell: () => '--time-budget' },
  throttled: {
    note: ', stopped: the target throttled the run',
    cell: () => 'the target throttled the run (429, or 503 with Retry-After): lower --rate or pass --retry-throttled N',
  },
  'target-stopped': {
    note: ', stopped: the target stopped answering (did not finish)',
    cell: (report) => `the run did not finish: ${report.targetStopped?.line ?? 'the target stopped answering'}`,
  },
  interrupted: { note: ', stopped: interrupted (did not finish)', cell: () => 'SIGINT or SIGTERM — the run did not finish' },
};

/** The closing summary line: `fuzz: 120 sequences, 3 411 requests, 0 distinct failures (…)`. */
export function formatSummaryLine(report: FuzzReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  const stopped = STOPPED_BY[report.stoppedBy].note;
  const accepted = report.baseline ? ` (${report.baseline.comparison.accepted.length} of them known deviations the baseline accepts)` : '';
  return `fuzz ${report.baseUrl}: ${report.sequences} sequences, ${report.requests} requests, ${report.failures.length} distinct failure(s)${accepted}, ${report.shrinkRuns} shrink runs — ${seconds} s, random seed ${report.randomSeed}${stopped}${report.concurrency ? `; ${formatConcurrency(report.concurrency)}` : ''}`;
}

/** `concurrency 4: 100 groups (12 shrinking), 812 requests, 3.1 s`: what the --concurrency groups spent, counted in the run's totals. */
export function formatConcurrency(tally: ConcurrencyTally): string {
  const shrinking = tally.shrinkGroups > 0 ? ` (+${tally.shrinkGroups} shrinking)` : '';
  const undecided = tally.undecided > 0 ? `, ${tally.undecided} undecided` : '';
  return `concurrency ${tally.inFlight}: ${tally.groups} groups${shrinking}, ${tally.requests} requests, ${(tally.durationMs / 1000).toFixed(1)} s${undecided}`;
}

const LISTED = 10;

const list = (refs: readonly string[]) => `${refs.slice(0, LISTED).join(', ')}${refs.length > LISTED ? `, … (${refs.length - LISTED} more)` : ''}`;

/** The records of the run left behind, as the final read counted them: `0`, `2`, or a lower bound with the indices it could not read. */
export function formatLeftovers(cleanUp: CleanUpReport): string {
  const count = String(cleanUp.leftovers.length);
  return cleanUp.unverified.length === 0 ? count : `${count} found; unknown in ${cleanUp.unverified.join(', ')} (not read at the end)`;
}

/** What a reader must know about the clean-up, one sentence each; none when the run left nothing and nothing else appeared. */
export function cleanUpNotes(report: FuzzReport): string[] {
  const { cleanUp, runPrefix } = report;
  const notes: string[] = [];
  if (cleanUp.triedAfterStop)
    notes.push(
      `the target stopped answering during the run; the clean-up was tried afterwards, once, on a connection of its own${cleanUp.unverified.length === INDEX_NAMES.length ? ', and got no answer either' : ''}`,
    );
  if (cleanUp.cutShort) notes.push('the clean-up ran out of time before every record of the run was deleted');
  if (cleanUp.leftovers.length > 0) notes.push(`${cleanUp.leftovers.length} record(s) of the run are still on the target: ${list(cleanUp.leftovers)}`);
  if (cleanUp.unverified.length > 0)
    notes.push(
      `the final read of ${cleanUp.unverified.join(', ')} got no list of records: records of the run (ids starting with ${runPrefix}) may be left there`,
    );
  if (cleanUp.unattributed.length > 0) {
    notes.push(
      `${cleanUp.unattributed.length} record(s) appeared during the run that it cannot prove are its own (no id starting with ${runPrefix}, no marker, no id it learned as generated) — another client's, or made by the run without a trace; left alone: ${list(cleanUp.unattributed)}`,
    );
  }
  return notes;
}
