import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listOperations } from '../reference-server/core/index.js';
import { buildBaseline, compareWithBaseline, formatBaseline, type Baseline } from './baseline.js';
import { buildConformanceSummary } from './build-conformance-summary.js';
import { checkTarget } from './check-target.js';
import { formatRunReport } from './format-run-report.js';
import { mintJwt } from './mint-jwt.js';
import { loadRulesMatrix } from './rules-matrix.js';
import { PACKAGE_ROOT, runConformance, type ConformanceRunOptions } from './run-conformance.js';
import { writeConformanceSummary } from './write-conformance-summary.js';

/** Exit codes of `mgmt-kit conformance` (README "Exit codes"). */
export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/** What `mgmt-kit conformance` was asked to do, after flags and environment are read. */
export interface ConformanceCommandOptions
  extends Pick<ConformanceRunOptions, 'baseUrl' | 'token' | 'authScheme' | 'jwtSecret' | 'jwtClaims' | 'profile' | 'allowDestructive' | 'tags' | 'parallel'> {
  /** Absolute report directory. */
  reportDir: string;
  /** Known deviations (`--baseline FILE`), already read and checked. */
  baseline?: { file: string; baseline: Baseline } | undefined;
  /** `--write-baseline FILE`: where to write the baseline this run would need. */
  writeBaseline?: string | undefined;
  /** Writes progress and the closing lines. */
  out: NodeJS.WritableStream & { isTTY?: boolean };
  /** Writes the one-line reason a run did not start; default process.stderr. */
  err?: NodeJS.WritableStream;
}

/**
 * Checks the target (pre-flight), runs the suite, writes the cucumber reports and the conformance
 * summary, prints where they are and the counts, and resolves to the exit code: 0 when scenarios
 * ran and none failed that the baseline does not list; 1 when one did; 2 when the target cannot be
 * reached, refuses the token, or nothing was selected — before any scenario runs.
 */
export async function runConformanceCommand(options: ConformanceCommandOptions): Promise<number> {
  const err = options.err ?? process.stderr;
  const token = options.token ?? (options.jwtSecret !== undefined ? await mintJwt(options.jwtSecret, 'valid', options.jwtClaims) : undefined);
  const problem = await checkTarget({ baseUrl: options.baseUrl, token, authScheme: options.authScheme });
  if (problem !== undefined) {
    err.write(`mgmt-kit conformance: ${problem} No scenario was run.\n`);
    return EXIT.usage;
  }
  const result = await runConformance({
    baseUrl: options.baseUrl,
    token,
    authScheme: options.authScheme,
    jwtSecret: options.jwtSecret,
    jwtClaims: options.jwtClaims,
    profile: options.profile,
    allowDestructive: options.allowDestructive,
    tags: options.tags,
    parallel: options.parallel,
    reportDir: options.reportDir,
    progress: options.out.isTTY ? 'progress-bar' : 'progress',
  });
  const comparison = options.baseline ? compareWithBaseline(result.scenarios, options.baseline.baseline) : undefined;
  const summary = buildConformanceSummary(
    loadRulesMatrix(PACKAGE_ROOT),
    listOperations(),
    result.scenarios,
    {
      baseUrl: options.baseUrl,
      profile: options.profile,
      allowDestructive: options.allowDestructive,
      jwtSecretGiven: options.jwtSecret !== undefined,
      tags: options.tags,
      date: new Date(),
      durationMs: result.durationMs,
      runPrefix: result.runPrefix,
    },
    options.baseline && comparison ? { file: options.baseline.file, comparison } : undefined,
  );
  const summaryFiles = await writeConformanceSummary(options.reportDir, summary);
  const reportFiles = [...summaryFiles, ...['cucumber.html', 'cucumber.json', 'junit.xml', 'messages.ndjson'].map((n) => join(options.reportDir, n))];
  if (options.writeBaseline !== undefined) {
    await writeFile(options.writeBaseline, formatBaseline(buildBaseline(result.scenarios, options.baseline?.baseline)), 'utf8');
  }
  options.out.write(formatRunReport({ ...options, summary, durationMs: result.durationMs, runPrefix: result.runPrefix, reportFiles }));
  const { passed, failed } = summary.counts;
  if (passed + failed === 0) {
    err.write('mgmt-kit conformance: no scenario ran — check --tags and --profile\n');
    return EXIT.usage;
  }
  if (options.writeBaseline !== undefined) return EXIT.passed; // every failure is in the baseline just written
  const newFailures = summary.failedScenarios.some((f) => !f.expected);
  return newFailures || (!result.success && failed === 0) ? EXIT.failed : EXIT.passed;
}
