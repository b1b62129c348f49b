import { basePathOf } from '../../fuzz/generate/wire-request.js';
import { describeConnection } from '../run/describe-connection.js';
import { openConnection } from '../../connection/open-connection.js';
import { checkTarget } from '../run/check-target.js';
import { formatCoverageLine } from '../coverage/render-coverage.js';
import { checkMinCoverage } from '../../contract/response-coverage.js';
import { decideVerdict, type VerdictInputs } from '../run/run-verdict.js';
import { formatRepro } from './curl-repro.js';
import type { FuzzOptions } from '../../fuzz/run/fuzz-options.js';
import { createFuzzRunPrefix, FuzzSetupError, runFuzz } from '../../fuzz/run/run-fuzz.js';
import {
  cleanUpNotes,
  formatSummaryLine,
  fuzzCoverage,
  removeEarlierFuzzReports,
  unacceptedFailures,
  writeFuzzNotRunReports,
  writeFuzzReports,
  type FuzzRunReport,
} from './fuzz-report.js';
import { curlDelete, READ_BACK_DEADLINE_MS } from '../run/read-run-leftovers.js';

import type { ConnectionSession } from '../../connection/open-connection.js';
import { leftoverLines } from '../run/render-not-run.js';
import { handleInterrupt } from '../run/repeated-signal.js';
import { INDEX_NAMES, type IndexName } from '../../server/core/index.js';
import { writeFile } from 'node:fs/promises';
import { buildFuzzBaseline, compareFuzzWithBaseline, formatFuzzBaseline, type FuzzBaseline } from './fuzz-baseline.js';

/** What `mgmt-kit fuzz` does once its flags are read. */
export interface FuzzCommandOptions extends Omit<FuzzOptions, 'onProgress' | 'onFailure' | 'session'> {
  reportDir: string;
  /** `--min-coverage P`: exit 1 when fewer than P% of the documented responses were seen. */
  minCoverage?: number | undefined;
  /** `--baseline FILE`: known deviations, already read and checked. */
  baseline?: { file: string; baseline: FuzzBaseline } | undefined;
  /** `--write-baseline FILE`: where to write the baseline this run needs. */
  writeBaseline?: string | undefined;
  out: NodeJS.WritableStream;
  /** SIGINT / SIGTERM: the run's records are deleted and read back (a second signal, or READ_BACK_DEADLINE_MS, ends it at once); exit 128 + the signal. Default true. */
  handleSignals?: boolean | undefined;
  /** `--no-preload-check` gives false: the pre-flight does not take an empty network link type index for a wrong path prefix. */
  preloadCheck?: boolean | undefined;
}

/**
 * Runs the pre-flight (exit 2 when the target cannot be reached or refuses the token), then the fuzzer with progress and each failure's repro on `out`,
 * writes the reports and resolves to the exit code of the run's one verdict (run-verdict.ts).
 */
export async function runFuzzCommand(commandOptions: FuzzCommandOptions): Promise<number> {
  const { out, connection: settings } = commandOptions;
  // The connection watches the target: five requests in a row without an answer, and an unanswered probe read, end the run.
  const connection = openConnection(settings);
  // No report of an earlier run may stand in for this one's.
  await removeEarlierFuzzReports(commandOptions.reportDir);
  // A run that stopped before its first sequence: one line, the not-run reports, exit 2.
  const notRun = (line: string, reason: string) => {
    out.write(`mgmt-kit fuzz: ${line}\n`);
    const inputs: VerdictInputs = { notRun: reason, ran: 0, newFailures: 0, onlyThrottled: false, leftovers: [], unverified: [] };
    writeFuzzNotRunReports(commandOptions.reportDir, { baseUrl: settings.baseUrl, date: new Date(), verdict: decideVerdict(inputs) });
    return 2;
  };
  try {
    const problem = await checkTarget(connection, { preloadCheck: commandOptions.preloadCheck ?? true });
    if (problem !== undefined) return notRun(`${problem} No sequence was run.`, `pre-flight: ${problem}`);
    // The first token names the run's token in the repros ($TOKEN); a renewed one is swapped in on the wire.
    const token = await connection.token();
    const headers = settings.headers.map((h) => h.name);
    const options = { ...commandOptions, session: connection };
    const groups = options.concurrency === undefined ? '' : `, first up to ${options.runs} groups of ${options.concurrency} requests sent at once`;
    out.write(
      `mgmt-kit fuzz: ${settings.baseUrl}, up to ${options.runs} sequences or ${(options.timeBudgetMs / 1000).toFixed(0)} s${groups}, random seed ${options.randomSeed} — ${describeConnection(settings)}\n`,
    );
    const runPrefix = createFuzzRunPrefix();
    const interrupt = new AbortController();
    const seconds = READ_BACK_DEADLINE_MS / 1000;
    const onSignal = handleInterrupt({
      deadlineMs: READ_BACK_DEADLINE_MS,
      work: 'the clean-up and read-back',
      first: (signal) => {
        out.write(
          `\nmgmt-kit fuzz: interrupted by ${signal}: deleting the run's records and reading back what is left under ${runPrefix} (at most ${seconds} s; a second ${signal} ends it at once)\n`,
        );
        interrupt.abort();
      },
      // The reports say the leftovers could not be read, and the process ends now.
      endNow: (signal, why) => {
        const verdict = decideVerdict({ interrupted: signal, ran: 0, newFailures: 0, onlyThrottled: false, leftovers: [], unverified: [...INDEX_NAMES] });
        const notRunReport = { baseUrl: settings.baseUrl, date: new Date(), verdict, runPrefix, leftoversUnread: why };
        writeFuzzNotRunReports(commandOptions.reportDir, notRunReport);
        out.write(
          `mgmt-kit fuzz: interrupted by ${signal}: no verdict. ${leftoverLines(notRunReport).text.join(' ')}\nVerdict: ${verdict.word} (exit ${verdict.exitCode})\n`,
        );
        process.exit(verdict.exitCode);
      },
    });
    const handleSignals = commandOptions.handleSignals ?? true;
    if (handleSignals) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
    let report: FuzzRunReport;
    try {
      report = await runFuzz({
        ...options,
        runPrefix,
        known: commandOptions.baseline?.baseline.knownDeviations.map((e) => e.signature),
        interrupt: interrupt.signal,
        onProgress: (p) =>
          out.write(
            p.phase === 'clean-up'
              ? `  … deleting the run's records (${(p.elapsedMs / 1000).toFixed(1)} s)\n`
              : `  … ${p.sequences} sequences, ${p.shrinkRuns} shrink runs, ${p.requests} requests, ${p.failures} failure(s), ${(p.elapsedMs / 1000).toFixed(1)} s\n`,
          ),
        onFailure: (failure) => {
          const known = commandOptions.baseline?.baseline.knownDeviations.some((e) => e.signature === failure.signature);
          out.write(
            `\n${known ? 'KNOWN DEVIATION (--baseline)' : 'FAILURE'} [${failure.check}] ${failure.title}\n  signature ${failure.signature}\n  ${formatRepro(failure, settings.baseUrl, token, headers).replace(/\n/g, '\n  ')}\n\n`,
          );
        },
      });
    } catch (error) {
      if (!(error instanceof FuzzSetupError)) throw error;
      return notRun(error.message, error.message);
    } finally {
      onSignal.done();
      if (handleSignals) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    }
    const { leftovers } = report.cleanUp;
    if (leftovers.length > 0) report.cleanUp.deleteCommands = leftovers.map((entry) => curlDeleteOf(connection, entry));
    if (commandOptions.baseline)
      report.baseline = { file: commandOptions.baseline.file, comparison: compareFuzzWithBaseline(report.failures, commandOptions.baseline.baseline) };
    const coverage = fuzzCoverage(report);
    const coverageShortfall = checkMinCoverage(coverage, commandOptions.minCoverage);
    // --write-baseline lists every failure found: the run that wrote it is green by it.
    const failing = commandOptions.writeBaseline !== undefined ? [] : unacceptedFailures(report);
    // One verdict (run-verdict.ts), which every report and the exit code give.
    const verdict = decideVerdict({
      interrupted: onSignal.signal,
      targetStopped: report.targetStopped?.line,
      ran: 1,
      newFailures: failing.length,
      onlyThrottled: false,
      throttled: report.stoppedBy === 'throttled',
      coverageShortfall: coverageShortfall?.split('\n')[0],
      leftovers: report.cleanUp.leftovers,
      unverified: report.cleanUp.unverified,
    });
    const files = await writeFuzzReports(options.reportDir, report, token, verdict);
    if (commandOptions.writeBaseline !== undefined) {
      await writeFile(commandOptions.writeBaseline, formatFuzzBaseline(buildFuzzBaseline(report.failures, commandOptions.baseline?.baseline)), 'utf8');
      files.push(commandOptions.writeBaseline);
    }
    const minted = settings.auth.token === undefined && settings.auth.tokenCommand === undefined && settings.auth.jwtSecret !== undefined;
    const tokenNote = minted ? ' (repros use $TOKEN: export TOKEN=$(mgmt-kit token --secret <the secret>))' : '';
    out.write(`\n${formatSummaryLine(report)}\n${formatCoverageLine(coverage)}\nReports:${tokenNote}\n${files.map((f) => `  ${f}`).join('\n')}\n`);
    for (const note of cleanUpNotes(report)) out.write(`warning: ${note}\n`);
    const commands = report.cleanUp.deleteCommands ?? [];
    const shown = commands.slice(0, 20).map((c) => `  ${c}\n`);
    const more = commands.length > 20 ? '  … every command in fuzz.md\n' : '';
    if (commands.length > 0) out.write(`Delete them with (TOKEN set to a token the target accepts):\n${shown.join('')}${more}`);
    if (report.targetStopped) out.write(`mgmt-kit fuzz: ${report.targetStopped.line}. No verdict past that point; the run did not finish.\n`);
    if (onSignal.signal !== undefined) out.write(`mgmt-kit fuzz: interrupted by ${onSignal.signal}: no verdict; the run did not finish.\n`);
    for (const line of baselineLines(report.baseline)) out.write(`${line}\n`);
    if (coverageShortfall !== undefined) out.write(`mgmt-kit fuzz: ${coverageShortfall}\n`);
    if (report.stoppedBy === 'throttled') {
      out.write(
        `mgmt-kit fuzz: the target throttled the run (429, or 503 with Retry-After) after ${report.requests} requests — no verdict past that point. ` +
          `Lower --rate (${settings.rate === undefined ? 'now unlimited' : `now ${settings.rate}/s`}) or let --retry-throttled N wait and retry.\n`,
      );
    }
    out.write(`Verdict: ${verdict.word} (exit ${verdict.exitCode})\n`);
    return verdict.exitCode;
  } finally {
    connection.close();
  }
}

/** --baseline: one line per known deviation found or not found, then what fails the run. */
function baselineLines(baseline: FuzzRunReport['baseline']): string[] {
  if (!baseline) return [];
  const { file, comparison } = baseline;
  return [
    `Known deviations (--baseline ${file}): ${comparison.accepted.length} found and accepted, ${comparison.notFound.length} not found in this run, ${comparison.newFailures.length} new failure(s)`,
    ...comparison.accepted.map(({ failure, reason }) => `  accepted  ${failure.signature} — ${reason}`),
    ...comparison.notFound.map((entry) => `  not found ${entry.signature} (fixed, or not met by this run's sequences: remove it once no run finds it)`),
    ...comparison.newFailures.map((failure) => `  NEW       ${failure.signature} — ${failure.title.slice(0, 200)}`),
  ];
}

/** A leftover (`<index> <id>`) as a curl line that deletes it. */
function curlDeleteOf(connection: ConnectionSession, leftover: string): string {
  const [index, ...id] = leftover.split(' ');
  return curlDelete(connection, basePathOf(index as IndexName), id.join(' '));
}
