import { join } from 'node:path';
import { listOperations } from '../spec/openapi-document.js';
import { buildConformanceSummary } from './build-conformance-summary.js';
import { mintJwt } from './mint-jwt.js';
import { loadRulesMatrix } from './rules-matrix.js';
import { PACKAGE_ROOT, runConformance, type ConformanceRunOptions } from './run-conformance.js';
import { writeConformanceSummary } from './write-conformance-summary.js';

/** What `mgmt-kit conformance` was asked to do, after flags and environment are read. */
export interface ConformanceCommandOptions
  extends Pick<ConformanceRunOptions, 'baseUrl' | 'token' | 'authScheme' | 'jwtSecret' | 'jwtClaims' | 'profile' | 'allowDestructive' | 'tags' | 'parallel'> {
  /** Absolute report directory. */
  reportDir: string;
  /** Writes progress and the closing lines. */
  out: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Runs the suite against a target, writes the cucumber reports and the conformance summary,
 * prints where they are and the counts, and resolves to the exit code: 0 only when at least one
 * scenario ran and every selected scenario passed.
 */
export async function runConformanceCommand(options: ConformanceCommandOptions): Promise<number> {
  const token = options.token ?? (options.jwtSecret !== undefined ? await mintJwt(options.jwtSecret, 'valid', options.jwtClaims) : undefined);
  if (token === undefined) {
    options.out.write('mgmt-kit conformance: no --token and no --jwt-secret: requests carry no Authorization header\n');
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
  const summary = buildConformanceSummary(loadRulesMatrix(PACKAGE_ROOT), listOperations(), result.scenarios, {
    baseUrl: options.baseUrl,
    profile: options.profile,
    allowDestructive: options.allowDestructive,
    jwtSecretGiven: options.jwtSecret !== undefined,
    tags: options.tags,
    date: new Date(),
    durationMs: result.durationMs,
    runPrefix: result.runPrefix,
  });
  const summaryFiles = await writeConformanceSummary(options.reportDir, summary);
  const { passed, failed, skipped, notSelected } = summary.counts;
  const skippedNotes = [
    options.allowDestructive ? '' : '@destructive scenarios skipped (no --allow-destructive)',
    options.jwtSecret !== undefined ? '' : '@needs-jwt-secret scenarios skipped (no --jwt-secret)',
    options.profile === 'core' ? '@extension scenarios skipped (profile core)' : '',
  ].filter(Boolean);
  const reportNames = ['cucumber.html', 'cucumber.json', 'junit.xml', 'messages.ndjson'].map((n) => join(options.reportDir, n));
  options.out.write(
    [
      '',
      `Conformance of ${options.baseUrl} (profile ${options.profile}): ${passed} passed, ${failed} failed, ${skipped} skipped, ${notSelected} not selected — ${(result.durationMs / 1000).toFixed(1)} s`,
      ...skippedNotes.map((note) => `  ${note}`),
      ...(summary.leftovers > 0 ? [`  warning: ${summary.leftovers} cleanup delete(s) failed; ids start with ${result.runPrefix}`] : []),
      'Reports:',
      ...[...summaryFiles, ...reportNames].map((path) => `  ${path}`),
      '',
    ].join('\n'),
  );
  if (passed + failed === 0) {
    options.out.write('mgmt-kit conformance: no scenario ran — check --tags and --profile\n');
    return 1;
  }
  return result.success && failed === 0 ? 0 : 1;
}
