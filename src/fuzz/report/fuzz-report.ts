import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_NAMES, listOperations, type IndexName } from '../../server/core/index.js';
import { renderAllowanceList } from '../../contract/render-allowances.js';
import { addRunChecksToJunit } from '../../target/run/add-run-checks-to-junit.js';
import { writeNotRunReports, type NotRunReport } from '../../target/run/render-not-run.js';
import type { RunVerdict } from '../../target/run/run-verdict.js';
import { renderCoverageMarkdown } from '../../target/coverage/render-coverage.js';
import { buildResponseCoverage, type ResponseCoverage, type ResponseTally } from '../../target/coverage/response-coverage.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import type { ConnectionSession } from '../../connection/open-connection.js';
import type { FuzzFailure } from '../run/fuzz-session.js';
import type { CleanUpReport } from '../run/sweep-run-records.js';
import { CHECK_IDS, type CheckId } from '../checks/check-table.js';
import type { ConcurrencyTally } from '../concurrency/run-group.js';
import type { FuzzBaselineComparison } from './fuzz-baseline.js';
import { formatRepro, reproExports } from './curl-repro.js';

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
export const unacceptedFailures = (report: FuzzReport): FuzzFailure[] => (report.baseline ? report.baseline.comparison.newFailures : report.failures);

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

/** The documented responses a fuzz run saw, from its tallies. */
export const fuzzCoverage = (report: FuzzReport): ResponseCoverage => buildResponseCoverage(listOperations(), report.coverage);

/** `fuzz-summary.json`: the run's counts and its coverage tallies, which `mgmt-kit coverage` merges with a conformance run's. */
function fuzzSummaryJson(report: FuzzReport, coverage: ResponseCoverage, verdict?: RunVerdict): string {
  const { baseUrl, randomSeed, runPrefix, startedAt, durationMs, requests, sequences, shrinkRuns, stoppedBy, targetStopped, answers, concurrency, cleanUp } =
    report;
  // Under --baseline, `failures` holds those that fail the run; the known deviations come apart.
  const failures = unacceptedFailures(report).map(({ signature, operation, check, count, title }) => ({ signature, operation, check, count, title }));
  const { baseline } = report;
  const knownDeviations = baseline && {
    file: baseline.file,
    accepted: baseline.comparison.accepted.map(({ failure: { signature, check, count, title }, reason }) => ({ signature, check, count, title, reason })),
    notFound: baseline.comparison.notFound,
  };
  const data = {
    ...{ tool: 'fuzz', baseUrl, ...(verdict ? { verdict: verdict.word, exitCode: verdict.exitCode, reasons: verdict.reasons } : {}), randomSeed },
    ...{ checks: report.checks, runPrefix, startedAt, durationMs, requests, sequences, shrinkRuns, ...(concurrency ? { concurrency } : {}), stoppedBy },
    ...{ ...(targetStopped ? { targetStopped } : {}), cleanUp, answers, failures, ...(knownDeviations ? { knownDeviations } : {}) },
    coverage: { ...coverage, tallies: report.coverage },
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The files a fuzz run writes into its report directory. */
export const FUZZ_REPORT_FILES = ['fuzz.md', 'fuzz-junit.xml', 'fuzz-summary.json'] as const;

/** Removes an earlier run's fuzz reports before this run writes anything (a run that stops early must not leave another run's verdict). */
export async function removeEarlierFuzzReports(reportDir: string): Promise<void> {
  await Promise.all(FUZZ_REPORT_FILES.map((name) => rm(join(reportDir, name), { force: true })));
}

/** Writes the three reports; each gives the run's verdict, and junit a failed case of its own for a verdict no fuzz failure explains. */
export async function writeFuzzReports(reportDir: string, report: FuzzReport, token: string | undefined, verdict?: RunVerdict): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const coverage = fuzzCoverage(report);
  const [markdown, junit, json] = FUZZ_REPORT_FILES.map((name) => join(reportDir, name)) as [string, string, string];
  // The coverage gate, a stopped target, an interrupt, throttling, records left behind.
  const unexplained = verdict !== undefined && verdict.exitCode !== 0 && !(verdict.word === 'FAILED' && unacceptedFailures(report).length > 0);
  const runCheck = unexplained && {
    name: `the run: ${verdict.word}`,
    failure: { message: verdict.reasons[0] ?? verdict.word, detail: verdict.reasons.join('\n') },
  };
  await writeFile(markdown, renderFuzzMarkdown(report, token, coverage, verdict));
  await writeFile(junit, runCheck ? addRunChecksToJunit(renderFuzzJunit(report), [runCheck]) : renderFuzzJunit(report));
  await writeFile(json, fuzzSummaryJson(report, coverage, verdict));
  return [markdown, junit, json];
}

/** The reports of a fuzz run that reached no verdict (pre-flight, set-up, an interrupt whose read-back did not finish): they say so and why. */
export const writeFuzzNotRunReports = (reportDir: string, notRun: NotRunReport): string[] => writeNotRunReports('fuzz', reportDir, notRun);

/** `reports/fuzz.md`: the run, the response coverage, then every distinct failure with its shortest sequence as curl commands. */
export function renderFuzzMarkdown(report: FuzzReport, token: string | undefined, coverage?: ResponseCoverage, verdict?: RunVerdict): string {
  const notes = cleanUpNotes(report).map((note) => `- **Clean-up:** ${note}`);
  const lines = [
    '# mgmt-kit fuzz',
    '',
    ...(verdict
      ? [
          `**Verdict: ${verdict.word}** (exit ${verdict.exitCode})${verdict.reasons.length > 0 ? ` — ${verdict.reasons.map((r) => r.split('\n')[0]).join('; ')}` : ''}`,
          '',
        ]
      : []),
    formatSummaryLine(report),
    '',
    '| | |',
    '|---|---|',
    `| target | ${report.baseUrl} |`,
    `| date | ${report.startedAt.toISOString()} |`,
    `| random seed | ${report.randomSeed} (replay: \`--random-seed ${report.randomSeed}\`) |`,
    `| checks | ${report.checks.length === CHECK_IDS.length ? 'all' : report.checks.map((c) => `\`${c}\``).join(', ')} (docs/fuzzing.md, --checks) |`,
    `| run prefix of every id | \`${report.runPrefix}\` |`,
    `| sequences / shrink runs / requests | ${report.sequences} / ${report.shrinkRuns} / ${report.requests} |`,
    `| concurrent groups (--concurrency) | ${report.concurrency ? formatConcurrency(report.concurrency) : 'none (no --concurrency)'} |`,
    `| stopped by | ${STOPPED_BY[report.stoppedBy].cell(report)} |`,
    `| authentication fuzzed | ${report.authChecked ? 'yes' : 'no (no --token / --jwt-secret)'} |`,
    `| deletes with where allowed on | ${report.whereTrusted.join(', ') || 'none'} |`,
    `| agent shapes it refuses (stored as sent everywhere else) | ${report.refusedShapes === 'unknown' ? 'unknown: any may be refused' : report.refusedShapes.join(', ') || 'none'} |`,
    `| records of the run left behind (read at the end) | ${formatLeftovers(report.cleanUp)} |`,
    `| answers to generated steps | ${Object.entries(report.answers)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')} |`,
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    ...renderDeleteCommands(report),
    ...(coverage ? renderCoverageMarkdown(coverage) : []),
    'Where the service description leaves a choice open, these answers were accepted:',
    '',
    ...renderAllowanceList(),
    '',
  ];
  lines.push(...renderKnownDeviations(report));
  const failures = unacceptedFailures(report);
  if (failures.length === 0) lines.push(report.baseline ? 'No failure found beyond the known deviations.' : 'No failure found.', '');
  else lines.push(...renderFailureTable(failures));
  failures.forEach((failure, i) => {
    lines.push(
      `## ${i + 1}. ${failure.title}`,
      '',
      `- signature: \`${failure.signature}\` (check \`${failure.check}\`, seen ${failure.count} time(s))`,
      `- expected (model / description): ${failure.expected}`,
      `- the target answered: ${failure.actual}`,
      '',
      '```sh',
      ...reproExports(report.extraHeaders),
      formatRepro(failure, report.baseUrl, token, report.extraHeaders),
      '```',
      '',
    );
  });
  return lines.join('\n');
}

/** The failures grouped by check and observed value: one row per kind of deviation, with the operations that showed it. */
function renderFailureTable(failures: readonly FuzzFailure[]): string[] {
  const rows = new Map<string, string[]>();
  const byCheck = (f: FuzzFailure) => `${CHECK_IDS.indexOf(f.check).toString().padStart(2, '0')}:${f.signature.slice(f.operation.length)}:${f.operation}`;
  for (const f of [...failures].sort((a, b) => byCheck(a).localeCompare(byCheck(b)))) {
    const key = `| \`${f.check}\` | ${f.signature.slice(f.operation.length + f.check.length + 2)} |`;
    rows.set(key, [...(rows.get(key) ?? []), `${f.operation} (${f.count})`]);
  }
  return ['| check | observed | operations (times seen) |', '|---|---|---|', ...[...rows].map(([key, ops]) => `${key} ${ops.join(', ')} |`), ''];
}

/** The leftovers' delete commands, as a block a reader can paste. */
function renderDeleteCommands(report: FuzzReport): string[] {
  const commands = report.cleanUp.deleteCommands ?? [];
  if (commands.length === 0) return [];
  return ['Delete the records of the run left on the target with (TOKEN set to a token the target accepts):', '', '```sh', ...commands, '```', ''];
}

/** --baseline: the failures it accepts, apart from the others, and the entries this run did not meet. */
function renderKnownDeviations(report: FuzzReport): string[] {
  if (!report.baseline) return [];
  const { file, comparison } = report.baseline;
  const lines = [`## Known deviations (--baseline ${file})`, ''];
  if (comparison.accepted.length === 0) lines.push('None of them was found in this run.', '');
  for (const { failure, reason } of comparison.accepted) lines.push(`- \`${failure.signature}\` — accepted: ${reason}`, `  - found: ${failure.title}`);
  for (const entry of comparison.notFound)
    lines.push(`- \`${entry.signature}\` — not found in this run (fixed, or not met by these sequences; remove it once no run finds it): ${entry.reason}`);
  lines.push('');
  return lines;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these control characters, so the report drops them.
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!).replace(XML_FORBIDDEN, '');

/** A JUnit file for CI widgets: a test case per distinct failure, and one passing case for the sequences that found nothing new. */
export function renderFuzzJunit(report: FuzzReport): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const failures = unacceptedFailures(report);
  const cases = failures.map(
    (f) =>
      `    <testcase classname="mgmt-kit.fuzz.${f.check}" name="${escapeXml(f.signature)}"><failure message="${escapeXml(f.title)}">${escapeXml(`check: ${f.check}, seen ${f.count} time(s)\nexpected: ${f.expected}\nactual: ${f.actual}`)}</failure></testcase>`,
  );
  // --baseline: a known deviation is skipped, with the baseline's reason, not failed.
  for (const { failure, reason } of report.baseline?.comparison.accepted ?? []) {
    cases.push(
      `    <testcase classname="mgmt-kit.fuzz.${failure.check}" name="${escapeXml(failure.signature)}"><skipped message="${escapeXml(`known deviation (--baseline): ${reason}`)}">${escapeXml(failure.title)}</skipped></testcase>`,
    );
  }
  const skipped = report.baseline?.comparison.accepted.length ?? 0;
  const groups = report.concurrency ? `, ${report.concurrency.groups} concurrent groups of ${report.concurrency.inFlight}` : '';
  cases.push(`    <testcase classname="mgmt-kit.fuzz" name="${report.sequences} sequences${groups}, random seed ${report.randomSeed}" time="${seconds}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${cases.length}" failures="${failures.length}" skipped="${skipped}" time="${seconds}">`,
    `  <testsuite name="mgmt-kit fuzz ${escapeXml(report.baseUrl)}" tests="${cases.length}" failures="${failures.length}" skipped="${skipped}" time="${seconds}" timestamp="${report.startedAt.toISOString()}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
