import { Writable } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listOperations } from '../../server/core/index.js';
import { formatBaseline, type Baseline } from './baseline.js';
import { buildBaseline } from './build-baseline.js';
import { buildConformanceSummary } from './build-conformance-summary.js';
import { compareWithBaseline } from './compare-with-baseline.js';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS, type ConnectionSettings } from '../../connection/connection-settings.js';
import { describeConnection } from '../run/describe-connection.js';
import { openConnection, TARGET_STOPPED } from '../../connection/open-connection.js';
import { createRunCoordinator, startConnectionBroker } from '../../connection/run-coordinator.js';
import { checkTarget } from '../run/check-target.js';
import { autoWorkers, DISTANT_MS, isDistant } from '../run/target-distance.js';
import { formatRunReport } from './format-run-report.js';
import { createProgressLine } from './progress-line.js';
import { renderConformanceJunit } from './render-conformance-junit.js';
import { runChecks } from './run-checks.js';
import { causeKey, type Deviation } from './run-deviations.js';
import { readRunLeftovers } from '../run/read-run-leftovers.js';
import { decideVerdict, EXIT } from '../run/run-verdict.js';
import { loadRulesMatrix } from './rules-matrix.js';
import { PACKAGE_ROOT, runConformance, type ConformanceRunOptions } from './run-conformance.js';
import { createRunPrefix } from './run-prefix.js';
import { removeEarlierReports, writeConformanceSummary } from './write-conformance-summary.js';
import { writeNotRunReports } from '../run/render-not-run.js';
import { interruptHandler } from './interrupt-conformance.js';

export { EXIT } from '../run/run-verdict.js';

/** What `mgmt-kit conformance` was asked to do, after flags and environment are read. */
export interface ConformanceCommandOptions extends Pick<ConformanceRunOptions, 'profile' | 'allowDestructive' | 'tags'> {
  /** Worker processes; `auto`: as many as the connection cap (at most 3 per processor) against a distant target, else none (src/target/run/target-distance.ts). */
  parallel?: number | 'auto' | undefined;
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
  /** `--no-preload-check`: the deployment really removed the preloaded network link types (§2.2). */
  noPreloadCheck?: boolean | undefined;
  /**
   * Handles SIGINT and SIGTERM while the suite runs: reads back what the run left (interrupt.ts),
   * writes a summary saying the run was interrupted, with those leftovers, then exits 128 + the
   * signal's number. Default true; a test embedding the command may turn it off.
   */
  handleSignals?: boolean | undefined;
}

/** cucumber writes to a node Writable; a command's output may be any writable stream. */
function asWritable(out: NodeJS.WritableStream): Writable {
  return out instanceof Writable
    ? out
    : new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          out.write(chunk);
          done();
        },
      });
}

/**
 * Checks the target (pre-flight), runs the suite, writes cucumber's reports, the conformance
 * summary and junit.xml from the run model, prints the deviations by cause, and resolves to the
 * exit code: 0 when scenarios ran and showed no deviation the baseline does not hold (a failed
 * check, or a scenario blocked in setup); 1 when one did or the response coverage is below
 * `minCoverage`; 2 when the target cannot be reached, refuses the token, or nothing was
 * selected — before any scenario runs; 3 when the only new failures are calls the target
 * throttled (describe-throttling.ts).
 *
 * The run's connection cap, pace and token live here; with `--parallel`, `--rate` or
 * `--token-command` the steps reach them over a local socket (startConnectionBroker), so the caps and each
 * token renewal hold across workers.
 */
export async function runConformanceCommand(options: ConformanceCommandOptions): Promise<number> {
  const err = options.err ?? process.stderr;
  const settings = options.connection;
  // Nothing of an earlier run may be left to be read (or published by a CI recipe) as this run's verdict.
  await removeEarlierReports(options.reportDir);
  const coordinator = createRunCoordinator(settings);
  const session = openConnection(settings, { coordinator });
  let problem: string | undefined;
  let parallel = options.parallel === 'auto' ? 0 : (options.parallel ?? 0);
  try {
    problem = await checkTarget(session, { preloadCheck: !options.noPreloadCheck });
    if (problem === undefined && options.parallel === 'auto' && (await isDistant(session))) parallel = autoWorkers(settings.maxConnections);
  } finally {
    session.close();
  }
  if (problem !== undefined) {
    err.write(`mgmt-kit conformance: ${problem} No scenario was run.\n`);
    writeNotRunReports('conformance', options.reportDir, {
      baseUrl: settings.baseUrl,
      date: new Date(),
      verdict: decideVerdict({ notRun: `pre-flight: ${problem}`, ran: 0, newFailures: 0, onlyThrottled: false, leftovers: [], unverified: [] }),
    });
    return EXIT.usage;
  }
  if (describesMoreThanDefaults(settings)) options.out.write(`mgmt-kit conformance: ${settings.baseUrl} — ${describeConnection(settings)}\n`);
  if (options.parallel === 'auto' && parallel > 0)
    options.out.write(
      `mgmt-kit conformance: the target is distant (plain reads took ${DISTANT_MS} ms or more): ${parallel} worker processes (--parallel auto)\n`,
    );
  // features/concurrency.feature sends four requests at once: fewer connections, and they overlap less.
  if (settings.maxConnections < 4)
    err.write(
      `mgmt-kit conformance: warning: --max-connections ${settings.maxConnections}: the @concurrency scenarios send 4 requests at once, here at most ${settings.maxConnections} overlap (a race may go unseen)\n`,
    );
  // Workers share the run's connection cap, rate and token through the broker.
  const shared = parallel > 0 || settings.rate !== undefined || settings.auth.tokenCommand !== undefined;
  const broker = shared ? await startConnectionBroker(coordinator) : undefined;
  const { auth } = settings;
  // The console gets one character per scenario, then the causes (format-run-report.ts): never
  // cucumber's dump of every failing scenario's steps. Once interrupted, the scenarios still
  // queued fail at once (no request is sent): their marks say nothing, and are left out.
  let result;
  const runPrefix = createRunPrefix();
  const stopRun = new AbortController();
  const stopOnSignal = interruptHandler({ ...options, err, settings, coordinator, runPrefix, onInterrupt: () => stopRun.abort() });
  const progress = createProgressLine((text) => {
    if (stopOnSignal.signal === undefined) options.out.write(text);
  });
  const handleSignals = options.handleSignals ?? true;
  // `on`, not `once`: a second signal ends the read-back of an interrupted run at once.
  if (handleSignals) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopOnSignal);
  try {
    result = await runConformance({
      runPrefix,
      // A command's or a secret's token is obtained by each process through its connection.
      connection: settings,
      broker: broker ? { path: broker.path, key: broker.key, refreshable: broker.refreshable } : undefined,
      profile: options.profile,
      allowDestructive: options.allowDestructive,
      tags: options.tags,
      parallel,
      stop: stopRun.signal,
      reportDir: options.reportDir,
      progress: 'none',
      onEnvelope: progress.onMessage,
      stderr: asWritable(err),
    });
  } finally {
    // An interrupted run ends in its handler, which may still be reading back: the handler stays.
    if (handleSignals && stopOnSignal.signal === undefined) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stopOnSignal);
    if (stopOnSignal.signal === undefined) await broker?.close();
  }
  if (stopOnSignal.signal !== undefined) return stopOnSignal.finished;
  progress.end();
  // Clean-up is judged by what the target holds: one read of every index after the run.
  const reader = openConnection(settings, { coordinator });
  let leftovers;
  try {
    leftovers = await readRunLeftovers(reader, result.runPrefix);
  } finally {
    reader.close();
  }
  const stoppedLine = result.scenarios
    .map((s) => s.error ?? '')
    .find((e) => e.includes(TARGET_STOPPED))
    ?.split('\n')
    .find((l) => l.includes(TARGET_STOPPED));
  const targetStopped =
    stoppedLine?.slice(stoppedLine.indexOf(TARGET_STOPPED)) ??
    (leftovers.unreachable ? `${TARGET_STOPPED} by the end of the run: the final read of every index got no answer` : undefined);
  const comparison = options.baseline ? compareWithBaseline(result.scenarios, options.baseline.baseline) : undefined;
  const runError = !result.success && !result.scenarios.some((s) => s.status === 'failed') ? RUN_ERROR : undefined;
  // --write-baseline: every deviation of this run is held by the file it writes, with the reason
  // --baseline gave its cause (or TODO).
  const written = options.writeBaseline !== undefined ? buildBaseline(result.scenarios, options.baseline?.baseline) : undefined;
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
    { leftovers, minCoverage: options.minCoverage, targetStopped, runError, baselineWritten: written && reasonsOf(written), rate: settings.rate },
  );
  const summaryFiles = await writeConformanceSummary(options.reportDir, summary);
  const junitPath = join(options.reportDir, 'junit.xml');
  const reasonOf = written ? reasonsOf(written) : reasonsHeldBy(summary.baseline?.comparison.held ?? []);
  await writeFile(
    junitPath,
    renderConformanceJunit({
      scenarios: result.scenarios,
      reasonOf,
      runChecks: runChecks(summary, options.minCoverage, targetStopped, runError),
      date: new Date(),
    }),
    'utf8',
  );
  const reportFiles = [...summaryFiles, junitPath, ...['cucumber.html', 'cucumber.json', 'messages.ndjson'].map((n) => join(options.reportDir, n))];
  if (written && options.writeBaseline !== undefined) await writeFile(options.writeBaseline, formatBaseline(written), 'utf8');
  options.out.write(formatRunReport(summary, reportFiles, options.writeBaseline));
  const { outcome } = summary;
  // The lines a pipeline's log shows on stderr: why the verdict is not PASSED, the first line each.
  if (targetStopped !== undefined) err.write(`mgmt-kit conformance: ${targetStopped}. No verdict on the scenarios past that point.\n`);
  if (outcome.word === 'NOT RUN') err.write('mgmt-kit conformance: no scenario ran — check --tags and --profile\n');
  if (summary.throttling) err.write(`mgmt-kit conformance: ${summary.throttling}\n`);
  if (summary.coverageShortfall !== undefined) err.write(`mgmt-kit conformance: ${summary.coverageShortfall}\n`);
  if (summary.leftovers.ids.length > 0)
    err.write(
      `mgmt-kit conformance: ${summary.leftovers.ids.length} record(s) of the run are still on the target; the delete commands are above and in conformance-summary.md\n`,
    );
  return outcome.exitCode;
}

/** The reason a baseline gives a deviation: its cause's, when the cause lists the scenario. */
function reasonsOf(baseline: Baseline): (d: Deviation) => string | undefined {
  const entries = new Map(baseline.deviations.map((e) => [causeKey(e), e]));
  return (d) => {
    const entry = entries.get(causeKey(d));
    return entry?.scenarios.includes(d.scenario) ? entry.reason : undefined;
  };
}

/** The reasons of the deviations a baseline held this run. */
function reasonsHeldBy(held: ReadonlyArray<Deviation & { reason: string }>): (d: Deviation) => string | undefined {
  const reasons = new Map(held.map((d) => [JSON.stringify([d.scenario, causeKey(d)]), d.reason]));
  return (d) => reasons.get(JSON.stringify([d.scenario, causeKey(d)]));
}

/** Why a run whose scenarios all passed still failed (cucumber strict). */
const RUN_ERROR = 'cucumber reported the run failed with no failed scenario (an undefined or ambiguous step, or a hook that threw): see cucumber.html';

/** Whether the run goes beyond a URL and a token: then its first line says how it reaches the target. */
function describesMoreThanDefaults(settings: ConnectionSettings): boolean {
  const { tls, proxy } = settings;
  return (
    settings.headers.length > 0 ||
    tls.ca !== undefined ||
    tls.clientCert !== undefined ||
    proxy.httpProxy !== undefined ||
    proxy.httpsProxy !== undefined ||
    settings.rate !== undefined ||
    settings.auth.tokenCommand !== undefined ||
    settings.retryThrottled > 0 ||
    settings.maxConnections !== DEFAULT_MAX_CONNECTIONS ||
    settings.timeout !== DEFAULT_TIMEOUT_MS
  );
}
