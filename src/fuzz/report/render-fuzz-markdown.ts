import { renderAllowanceList } from '../../contract/render-allowances.js';
import { renderCoverageMarkdown } from '../../target/coverage/render-coverage.js';
import type { ResponseCoverage } from '../../target/coverage/response-coverage.js';
import type { RunVerdict } from '../../target/run/run-verdict.js';
import { formatRepro, reproExports } from './curl-repro.js';
import { formatConcurrency, formatSummaryLine, unacceptedFailures, type FuzzReport } from './fuzz-report.js';
import { cleanUpNotes, formatLeftovers } from './render-fuzz-clean-up.js';
import type { FuzzFailure } from '../run/fuzz-session.js';
import { CHECK_IDS } from '../checks/check-table.js';

/**
 * `reports/fuzz.md`: the run (target, random seed, counts, what was checked, what a read of every index at the end showed it left behind), the response
 * coverage, then every distinct failure with what the target answered, what the model expected, and its shortest sequence as curl commands (`export TOKEN=…`
 * first).
 */
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
    `| stopped by | ${STOPPED_BY[report.stoppedBy](report)} |`,
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

/**
 * The failures grouped by check and observed value — one row per kind of deviation, the operations that showed it and how often —, then the details of each
 * signature below.
 */
function renderFailureTable(failures: readonly FuzzFailure[]): string[] {
  const rows = new Map<string, string[]>();
  const byCheck = (f: FuzzFailure) => `${CHECK_IDS.indexOf(f.check).toString().padStart(2, '0')}:${f.signature.slice(f.operation.length)}:${f.operation}`;
  for (const f of [...failures].sort((a, b) => byCheck(a).localeCompare(byCheck(b)))) {
    const key = `| \`${f.check}\` | ${f.signature.slice(f.operation.length + f.check.length + 2)} |`;
    rows.set(key, [...(rows.get(key) ?? []), `${f.operation} (${f.count})`]);
  }
  return ['| check | observed | operations (times seen) |', '|---|---|---|', ...[...rows].map(([key, ops]) => `${key} ${ops.join(', ')} |`), ''];
}

/** The "stopped by" cell: what ended the run, and for an early end that it did not finish. */
const STOPPED_BY: Record<FuzzReport['stoppedBy'], (report: FuzzReport) => string> = {
  runs: () => '--runs',
  'time-budget': () => '--time-budget',
  throttled: () => 'the target throttled the run (429, or 503 with Retry-After): lower --rate or pass --retry-throttled N',
  'target-stopped': (report) => `the run did not finish: ${report.targetStopped?.line ?? 'the target stopped answering'}`,
  interrupted: () => 'SIGINT or SIGTERM — the run did not finish',
};

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
