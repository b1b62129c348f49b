import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildResponseCoverage, type ResponseCoverage } from '../../coverage/response-coverage.js';
import { listOperations } from '../../reference-server/core/index.js';
import type { FuzzReport } from './fuzz-report.js';
import { renderFuzzJunit } from './render-fuzz-junit.js';
import { renderFuzzMarkdown } from './render-fuzz-markdown.js';

/** The documented responses a fuzz run saw, from its tallies. */
export function fuzzCoverage(report: FuzzReport): ResponseCoverage {
  return buildResponseCoverage(listOperations(), report.coverage);
}

/** `fuzz-summary.json`: the run's counts and its coverage tallies, which `mgmt-kit coverage` merges with a conformance run's. */
function fuzzSummaryJson(report: FuzzReport, coverage: ResponseCoverage): string {
  const { baseUrl, randomSeed, runPrefix, startedAt, durationMs, requests, sequences, shrinkRuns, stoppedBy, answers, concurrency } = report;
  const failures = report.failures.map((f) => ({ signature: f.signature, title: f.title }));
  const data = { tool: 'fuzz', baseUrl, randomSeed, runPrefix, startedAt, durationMs, requests, sequences, shrinkRuns, ...(concurrency ? { concurrency } : {}), stoppedBy, answers, failures, coverage: { ...coverage, tallies: report.coverage } };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Writes `fuzz.md`, `fuzz-junit.xml` and `fuzz-summary.json` into the report directory; resolves to their paths. */
export async function writeFuzzReports(reportDir: string, report: FuzzReport, token: string | undefined): Promise<string[]> {
  await mkdir(reportDir, { recursive: true });
  const coverage = fuzzCoverage(report);
  const markdown = join(reportDir, 'fuzz.md');
  const junit = join(reportDir, 'fuzz-junit.xml');
  const json = join(reportDir, 'fuzz-summary.json');
  await writeFile(markdown, renderFuzzMarkdown(report, token, coverage));
  await writeFile(junit, renderFuzzJunit(report));
  await writeFile(json, fuzzSummaryJson(report, coverage));
  return [markdown, junit, json];
}
