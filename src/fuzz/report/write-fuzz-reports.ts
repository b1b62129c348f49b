import { mkdir, rm, writeFile } from 'node:fs/promises';
import { addRunChecksToJunit } from '../../target/run/add-run-checks-to-junit.js';
import { writeNotRunReports, type NotRunReport } from '../../target/run/render-not-run.js';
import type { RunVerdict } from '../../target/run/run-verdict.js';
import { join } from 'node:path';
import { buildResponseCoverage, type ResponseCoverage } from '../../target/coverage/response-coverage.js';
import { listOperations } from '../../server/core/index.js';
import { unacceptedFailures, type FuzzReport } from './fuzz-report.js';
import { renderFuzzJunit } from './render-fuzz-junit.js';
import { renderFuzzMarkdown } from './render-fuzz-markdown.js';

/** The documented responses a fuzz run saw, from its tallies. */
export function fuzzCoverage(report: FuzzReport): ResponseCoverage {
  return buildResponseCoverage(listOperations(), report.coverage);
}

/** `fuzz-summary.json`: the run's counts and its coverage tallies, which `mgmt-kit coverage` merges with a conformance run's. */
function fuzzSummaryJson(report: FuzzReport, coverage: ResponseCoverage, verdict?: RunVerdict): string {
  const { baseUrl, randomSeed, runPrefix, startedAt, durationMs, requests, sequences, shrinkRuns, stoppedBy, targetStopped, answers, concurrency, cleanUp } =
    report;
  // Under --baseline, `failures` holds those that fail the run; the known deviations come apart.
  const failures = unacceptedFailures(report).map(({ signature, operation, check, count, title }) => ({ signature, operation, check, count, title }));
  const knownDeviations = report.baseline && {
    file: report.baseline.file,
    accepted: report.baseline.comparison.accepted.map(({ failure: { signature, check, count, title }, reason }) => ({
      signature,
      check,
      count,
      title,
      reason,
    })),
    notFound: report.baseline.comparison.notFound,
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

/**
 * Writes `fuzz.md`, `fuzz-junit.xml` and `fuzz-summary.json` into the report directory; resolves to their paths. With the run's verdict (run-verdict.ts),
 * each says it: the top of the Markdown, the JSON's `verdict` / `exitCode` / `reasons`, and in junit a failed test case for a verdict that no fuzz failure
 * explains (the coverage gate, a target that stopped, records left behind).
 */
export async function writeFuzzReports(reportDir: string, report: FuzzReport, token: string | undefined, verdict?: RunVerdict): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const coverage = fuzzCoverage(report);
  const markdown = join(reportDir, 'fuzz.md');
  const junit = join(reportDir, 'fuzz-junit.xml');
  const json = join(reportDir, 'fuzz-summary.json');
  // A verdict the failures' own test cases do not give (the coverage gate, a stopped target, an interrupt, throttling, records left behind) gets a failed
  // test case of its own.
  const unexplained = verdict !== undefined && verdict.exitCode !== 0 && !(verdict.word === 'FAILED' && unacceptedFailures(report).length > 0);
  const junitText = renderFuzzJunit(report);
  await writeFile(markdown, renderFuzzMarkdown(report, token, coverage, verdict));
  await writeFile(
    junit,
    unexplained
      ? addRunChecksToJunit(junitText, [
          { name: `the run: ${verdict.word}`, failure: { message: verdict.reasons[0] ?? verdict.word, detail: verdict.reasons.join('\n') } },
        ])
      : junitText,
  );
  await writeFile(json, fuzzSummaryJson(report, coverage, verdict));
  return [markdown, junit, json];
}

/** The reports of a fuzz run that reached no verdict (pre-flight, set-up, an interrupt whose read-back did not finish): they say so and why. */
export const writeFuzzNotRunReports = (reportDir: string, notRun: NotRunReport): string[] => writeNotRunReports('fuzz', reportDir, notRun);
