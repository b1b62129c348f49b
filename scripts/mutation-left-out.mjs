// The files stryker.config.json leaves out of mutation: every negated `mutate` pattern but the
// one of the tests. docs/mutation/README.md gives the reason for each; `npm run mutation:check-ignores`
// mutates them too and fails if a scenario detects one of their mutants.
import { readFileSync } from 'node:fs';

/**
 * @param {{ mutate: string[] }} config a parsed stryker.config.json
 * @returns {string[]} the left-out files, as `mutate` names them (`src/reference-server/core/…`)
 */
export function filesLeftOutOfMutation(config) {
  return config.mutate.filter((pattern) => pattern.startsWith('!') && !pattern.endsWith('.test.ts')).map((pattern) => pattern.slice(1));
}

/** The left-out files of the stryker.config.json in the working directory. */
export function readFilesLeftOutOfMutation() {
  return filesLeftOutOfMutation(JSON.parse(readFileSync('stryker.config.json', 'utf8')));
}
