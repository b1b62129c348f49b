import { Writable } from 'node:stream';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkMinCoverage } from '../coverage/response-coverage.js';
import { listOperations } from '../reference-server/core/index.js';
import { buildBaseline, compareWithBaseline, formatBaseline, type Baseline, type BaselineEntry } from './baseline.js';
import { buildConformanceSummary } from './build-conformance-summary.js';
import { startConnectionBroker } from '../connection/connection-broker.js';
import type { ConnectionSettings } from '../connection/connection-settings.js';
import { describeConnection } from '../connection/describe-connection.js';
import { openConnection } from '../connection/open-connection.js';
import { createRunCoordinator } from '../connection/run-coordinator.js';
import { checkTarget } from './check-target.js';
import { foldKnownFailures } from './fold-known-failures.js';
import { formatRunReport } from './format-run-report.js';
import { describeThrottling } from './describe-throttling.js';
import { markKnownDeviationsInJunit } from './mark-known-deviations-in-junit.js';
import { loadRulesMatrix } from './rules-matrix.js';
import { PACKAGE_ROOT, runConformance, type ConformanceRunOptions } from './run-conformance.js';
import { writeConformanceSummary } from './write-conformance-summary.js';

/** Exit codes of `mgmt-kit conformance` (docs/conformance-in-ci.md, "Exit codes"). */
export const EXIT = { passed: 0, failed: 1, usage: 2, throttled: 3 } as const;

/** What `mgmt-kit conformance` was asked to do, after flags and environment are read. */
export interface ConformanceCommandOptions extends Pick<ConformanceRunOptions, 'profile' | 'allowDestructive' | 'tags' | 'parallel'> {
  /** The target and how to reach it (connection flags, read and checked). */
  connection: ConnectionSettings;
  /** Absolute report directory. */
  reportDir: string;
  /** Known deviations (`--baseline FILE`), already read and checked. */
  baseline?: { file: string; baseline: Baseline } | undefined;
  /** `--min-coverage P`: the run fails when fewer than P% of the documented responses were seen. */
  minCoverage?: number | undefined;
  /** `--write-baseline FILE`: where to write the baseline this run would need. */
  writeBaseline?: string | undefined;
  /** Writes progress and the closing lines. */
  out: NodeJS.WritableStream & { isTTY?: boolean };
  /** Writes the one-line reason a run did not start; default process.stderr. */
  err?: NodeJS.WritableStream;
}

/** cucumber writes to a node Writable; a command's output may be any writable stream. */
function asWritable(out: NodeJS.WritableStream): Writable {
  return out instanceof Writable ? out : new Writable({ write: (chunk: Buffer, _encoding, done) => (out.write(chunk), done()) });
}

/** Rewrites junit.xml so that the baseline's failures count as skipped (absent when cucumber wrote none). */
async function markJunit(path: string, known: BaselineEntry[]): Promise<void> {
  const xml = await readFile(path, 'utf8').catch(() => undefined);
  if (xml !== undefined) await writeFile(path, markKnownDeviationsInJunit(xml, known), 'utf8');
}

/**
 * Checks the target (pre-flight), runs the suite, writes the cucumber reports and the conformance
 * summary, prints where they are and the counts, and resolves to the exit code: 0 when scenarios
 * ran and none failed that the baseline does not list; 1 when one did or the response coverage is
 * below `minCoverage`; 2 when the target cannot be reached, refuses the token, or nothing was
 * selected — before any scenario runs; 3 when the only new failures are calls the target
 * throttled (describe-throttling.ts).
 *
 * With `--rate` or `--token-command` the run's pace and token live here, and the steps reach them
 * over loopback (connection-broker.ts), so the cap and each token renewal hold across workers.
 */
export async function runConformanceCommand(options: ConformanceCommandOptions): Promise<number> {
  const err = options.err ?? process.stderr;
  const settings = options.connection;
  const coordinator = createRunCoordinator(settings);
  const session = openConnection(settings, { coordinator });
  let problem: string | undefined;
  try {
    problem = await checkTarget(session);
  } finally {
    session.close();
  }
  if (problem !== undefined) {
    err.write(`mgmt-kit conformance: ${problem} No scenario was run.\n`);
    return EXIT.usage;
  }
  if (describesMoreThanDefaults(settings)) options.out.write(`mgmt-kit conformance: ${settings.baseUrl} — ${describeConnection(settings)}\n`);
  const shared = settings.rate !== undefined || settings.auth.tokenCommand !== undefined;
  const broker = shared ? await startConnectionBroker(coordinator) : undefined;
  const { auth } = settings;
  // Under --baseline a listed failure is one console line (cucumber's progress prints dozens); the
  // TTY progress bar redraws in place, so it is left as it is.
  const consoleSink = options.baseline && !options.out.isTTY ? foldKnownFailures(options.out, options.baseline.baseline.expectedFailures) : undefined;
  let result;
  try {
    result = await runConformance({
      baseUrl: settings.baseUrl,
      // A command's or a secret's token is obtained by each process through its connection.
      token: auth.token,
      authScheme: auth.scheme,
      jwtSecret: auth.jwtSecret,
      jwtClaims: auth.jwtClaims,
      timeoutMs: settings.timeoutMs,
      connection: {
        headers: settings.headers,
        tls: settings.tls,
        proxy: settings.proxy,
        retryThrottled: settings.retryThrottled,
        ...(settings.rate !== undefined ? { rate: settings.rate } : {}),
        ...(auth.tokenCommand !== undefined ? { tokenCommand: auth.tokenCommand } : {}),
        ...(broker ? { broker: { url: broker.url, key: broker.key, refreshable: broker.refreshable } } : {}),
      },
      profile: options.profile,
      allowDestructive: options.allowDestructive,
      tags: options.tags,
      parallel: options.parallel,
      reportDir: options.reportDir,
      progress: options.out.isTTY ? 'progress-bar' : 'progress',
      // cucumber's console output goes where the command's output goes (a caller that captures it,
      // as an embedding tool or a test does, gets all of it; nothing lands on process.stdout).
      stdout: consoleSink ?? asWritable(options.out),
      stderr: asWritable(err),
    });
  } finally {
    await broker?.close();
  }
  consoleSink?.flush();
  const comparison = options.baseline ? compareWithBaseline(result.scenarios, options.baseline.baseline) : undefined;
  const summary = buildConformanceSummary(
    loadRulesMatrix(PACKAGE_ROOT),
    listOperations(),
    result.scenarios,
    {
      baseUrl: settings.baseUrl,
      profile: options.profile,
      allowDestructive: options.allowDestructive,
      jwtSecretGiven: auth.jwtSecret !== undefined,
      tags: options.tags,
      date: new Date(),
      durationMs: result.durationMs,
      runPrefix: result.runPrefix,
    },
    options.baseline && comparison ? { file: options.baseline.file, comparison } : undefined,
  );
  const summaryFiles = await writeConformanceSummary(options.reportDir, summary);
  if (comparison) await markJunit(join(options.reportDir, 'junit.xml'), comparison.entries.filter((e) => e.outcome === 'still failing'));
  const reportFiles = [...summaryFiles, ...['cucumber.html', 'cucumber.json', 'junit.xml', 'messages.ndjson'].map((n) => join(options.reportDir, n))];
  if (options.writeBaseline !== undefined) {
    await writeFile(options.writeBaseline, formatBaseline(buildBaseline(result.scenarios, options.baseline?.baseline)), 'utf8');
  }
  options.out.write(formatRunReport({ ...options, baseUrl: settings.baseUrl, jwtSecret: auth.jwtSecret, summary, durationMs: result.durationMs, runPrefix: result.runPrefix, reportFiles }));
  const { passed, failed } = summary.counts;
  if (passed + failed === 0) {
    err.write('mgmt-kit conformance: no scenario ran — check --tags and --profile\n');
    return EXIT.usage;
  }
  const throttling = describeThrottling(summary.failedScenarios.filter((f) => !f.expected), settings.rate);
  if (throttling) err.write(`mgmt-kit conformance: ${throttling.line}\n`);
  const coverageShortfall = checkMinCoverage(summary.coverage, options.minCoverage);
  if (coverageShortfall !== undefined) {
    err.write(`mgmt-kit conformance: ${coverageShortfall}\n`);
    return EXIT.failed;
  }
  if (options.writeBaseline !== undefined) return EXIT.passed; // every failure is in the baseline just written
  if (throttling?.onlyThrottled) return EXIT.throttled;
  const newFailures = summary.failedScenarios.some((f) => !f.expected);
  return newFailures || (!result.success && failed === 0) ? EXIT.failed : EXIT.passed;
}

/** Whether the run goes beyond a URL and a token: then its first line says how it reaches the target. */
function describesMoreThanDefaults(settings: ConnectionSettings): boolean {
  const { tls, proxy } = settings;
  return (
    settings.headers.length > 0 || tls.ca !== undefined || tls.clientCert !== undefined || proxy.httpProxy !== undefined || proxy.httpsProxy !== undefined ||
    settings.rate !== undefined || settings.auth.tokenCommand !== undefined || settings.retryThrottled > 0 || settings.timeoutMs !== 15_000
  );
}
