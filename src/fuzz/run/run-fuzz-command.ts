import { mintToken } from '../../reference-server/core/index.js';
import { formatRepro } from '../report/curl-repro.js';
import { formatSummaryLine, type FuzzOptions } from '../report/fuzz-report.js';
import { cleanUpNotes } from '../report/render-fuzz-clean-up.js';
import { FuzzSetupError, runFuzz } from './run-fuzz.js';
import { writeFuzzReports } from '../report/write-fuzz-reports.js';

/** What `mgmt-kit fuzz` does once its flags are read. */
export interface FuzzCommandOptions extends Omit<FuzzOptions, 'onProgress' | 'onFailure'> {
  reportDir: string;
  out: NodeJS.WritableStream;
}

/**
 * Runs the fuzzer with progress on `out` (a line every two seconds, and each failure with its
 * curl repro as soon as it is shrunk), writes `fuzz.md` and `fuzz-junit.xml`, prints the summary
 * line, and resolves to the exit code: 0 nothing failed, 1 failures, 2 the run could not start.
 */
export async function runFuzzCommand(commandOptions: FuzzCommandOptions): Promise<number> {
  const { out } = commandOptions;
  // Minted here rather than in runFuzz, so the repros can show it as $TOKEN.
  const minted = commandOptions.token === undefined && commandOptions.jwtSecret !== undefined;
  const token = minted ? await mintToken({ secret: commandOptions.jwtSecret!, expiresIn: '2h', subject: 'mgmt-kit-fuzz' }) : commandOptions.token;
  const options = { ...commandOptions, token };
  out.write(`mgmt-kit fuzz: ${options.baseUrl}, up to ${options.runs} sequences or ${(options.timeBudgetMs / 1000).toFixed(0)} s, random seed ${options.randomSeed}\n`);
  let report;
  try {
    report = await runFuzz({
      ...options,
      onProgress: (p) => out.write(p.phase === 'clean-up' ? `  … deleting the run's records (${(p.elapsedMs / 1000).toFixed(1)} s)\n` : `  … ${p.sequences} sequences, ${p.shrinkRuns} shrink runs, ${p.requests} requests, ${p.failures} failure(s), ${(p.elapsedMs / 1000).toFixed(1)} s\n`),
      onFailure: (failure) => out.write(`\nFAILURE ${failure.title}\n  signature ${failure.signature}\n${indent(formatRepro(failure, options.baseUrl, options.token))}\n\n`),
    });
  } catch (error) {
    if (!(error instanceof FuzzSetupError)) throw error;
    out.write(`mgmt-kit fuzz: ${error.message}\n`);
    return 2;
  }
  const files = await writeFuzzReports(options.reportDir, report, options.token);
  const tokenNote = minted ? ' (repros use $TOKEN: export TOKEN=$(mgmt-kit token --secret <the secret>))' : '';
  out.write(`\n${formatSummaryLine(report)}\nReports:${tokenNote}\n${files.map((f) => `  ${f}`).join('\n')}\n`);
  for (const note of cleanUpNotes(report)) out.write(`warning: ${note}\n`);
  return report.failures.length === 0 ? 0 : 1;
}

const indent = (text: string) => text.split('\n').map((line) => `  ${line}`).join('\n');

/** `60s`, `2m`, `500ms`, `90` (seconds) → milliseconds; undefined when unreadable. */
export function parseTimeBudget(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = match[2] ?? 's';
  return Math.round(unit === 'ms' ? value : unit === 'm' ? value * 60_000 : value * 1000);
}
