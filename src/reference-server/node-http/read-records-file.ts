import { readFileSync } from 'node:fs';
import { deepFreeze, findSeedProblems, getSharedRecordValidator, type SeedData } from '../core/index.js';

/** The parsed records, or a message explaining why the file cannot be used. */
export type RecordsFileResult = { ok: true; records: SeedData } | { ok: false; error: string };

/**
 * Reads a file of start records — a `--seed` or `--data` file, named so in the messages (`what`):
 * JSON `{ "event": [...], "network-link-type": [...], "agent": [...] }` whose records satisfy the
 * create schemas. Every problem is reported, nothing is thrown; the file is only read.
 */
export function readRecordsFile(file: string, what: 'seed file' | 'data file'): RecordsFileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot read ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${what} ${file} is not valid JSON: ${(error as Error).message}` };
  }
  const problems = findSeedProblems(records, getSharedRecordValidator());
  if (problems.length > 0) return { ok: false, error: `${what} ${file} is not valid:\n  ${problems.join('\n  ')}` };
  // Frozen here, where nobody else holds the parsed objects: the server stores them without a copy.
  return { ok: true, records: deepFreeze(records as SeedData) };
}
