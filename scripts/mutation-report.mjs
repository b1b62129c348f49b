// What the mutation scripts read of a Stryker run: its JSON report (mutation-testing-report-schema)
// counted by status, the files stryker.config.json leaves out of mutation, and where Stryker's
// command line is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * @param {{ files: Record<string, { mutants: Array<{ status: string }> }> }} report
 * @returns {{ killed: number, survived: number, noCoverage: number, timeout: number, errors: number, ignored: number, score: number }}
 */
export function summariseMutationReport(report) {
  const counts = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, CompileError: 0, RuntimeError: 0, Ignored: 0, Pending: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return {
    killed: counts.Killed,
    survived: counts.Survived,
    noCoverage: counts.NoCoverage,
    timeout: counts.Timeout,
    errors: counts.CompileError + counts.RuntimeError,
    ignored: counts.Ignored,
    // Stryker's mutation score: detected / (detected + undetected), errors and ignored left out.
    score: valid === 0 ? 0 : (100 * detected) / valid,
  };
}

// The files stryker.config.json leaves out of mutation: every negated `mutate` pattern but the
// one of the tests. docs/mutation/README.md gives the reason for each; `npm run mutation:check-ignores`
// mutates them too and fails if a scenario detects one of their mutants.
/**
 * @param {{ mutate: string[] }} config a parsed stryker.config.json
 * @returns {string[]} the left-out files, as `mutate` names them (`src/server/core/…`)
 */
export function filesLeftOutOfMutation(config) {
  return config.mutate.filter((pattern) => pattern.startsWith('!') && !pattern.endsWith('.test.ts')).map((pattern) => pattern.slice(1));
}

/** The left-out files of the stryker.config.json in the working directory. */
export function readFilesLeftOutOfMutation() {
  return filesLeftOutOfMutation(JSON.parse(readFileSync('stryker.config.json', 'utf8')));
}

// Where Stryker's command line is: the package's exports map hides bin/, so its folder is found
// through package.json. Used by npm run mutation and npm run mutation:check-ignores.
export const STRYKER_BIN = join(dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js');
