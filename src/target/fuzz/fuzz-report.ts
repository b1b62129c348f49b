import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INDEX_NAMES, listOperations } from '../../server/core/index.js';
import { renderAllowanceList } from '../../contract/render-allowances.js';
import { addRunChecksToJunit } from '../run/add-run-checks-to-junit.js';
import { writeNotRunReports, type NotRunReport } from '../run/render-not-run.js';
import type { RunVerdict } from '../run/run-verdict.js';
import { renderCoverageMarkdown } from '../coverage/render-coverage.js';
import { buildResponseCoverage, type ResponseCoverage } from '../../contract/response-coverage.js';
import type { FuzzFailure } from '../../fuzz/run/fuzz-session.js';
import type { CleanUpReport } from '../../fuzz/run/sweep-run-records.js';
import type { FuzzReport } from '../../fuzz/run/fuzz-options.js';
import { CHECK_IDS } from '../../fuzz/checks/check-table.js';
import type { ConcurrencyTally } from '../../fuzz/concurrency/run-group.js';
import type { FuzzBaselineComparison } from './fuzz-baseline.js';
import { formatRepro, reproExports } from './curl-repro.js';

/** A run's report as the command holds it: under `--baseline`, with the failures held against the deployment's known deviations. */
export type FuzzRunReport = FuzzReport & { baseline?: { file: string; comparison: FuzzBaselineComparison } | undefined };

/** The failures that fail the run: all of them, or under --baseline those it does not list. */
export const unacceptedFailures = (report: FuzzRunReport): FuzzFailure[] => (report.baseline ? report.baseline.comparison.newFailures : report.failures);

/** Each way a run ends: what the summary line adds, and fuzz.md's "stopped by" cell (an early end says the run did not finish). */
export const STOPPED_BY: Record<FuzzRunReport['stoppedBy'], { note: string; cell: (report: FuzzRunReport) => string }> = {
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
export function formatSummaryLine(report: FuzzRunReport): string {
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
export function cleanUpNotes(report: FuzzRunReport): string[] {
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
export const fuzzCoverage = (report: FuzzRunReport): ResponseCoverage => buildResponseCoverage(listOperations(), report.coverage);

/** `fuzz-summary.json`: the run's counts and its coverage tallies, which `mgmt-kit coverage` merges with a conformance run's. */
function fuzzSummaryJson(report: FuzzRunReport, coverage: ResponseCoverage, verdict?: RunVerdict): string {
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
export async function writeFuzzReports(reportDir: string, report: FuzzRunReport, token: string | undefined, verdict?: RunVerdict): Promise<string[]> {
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
export function renderFuzzMarkdown(report: FuzzRunReport, token: string | undefined, coverage?: ResponseCoverage, verdict?: RunVerdict): string {
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
function renderDeleteCommands(report: FuzzRunReport): string[] {
  const commands = report.cleanUp.deleteCommands ?? [];
  if (commands.length === 0) return [];
  return ['Delete the records of the run left on the target with (TOKEN set to a token the target accepts):', '', '```sh', ...commands, '```', ''];
}

/** --baseline: the failures it accepts, apart from the others, and the entries this run did not meet. */
function renderKnownDeviations(report: FuzzRunReport): string[] {
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
export function renderFuzzJunit(report: FuzzRunReport): string {
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
