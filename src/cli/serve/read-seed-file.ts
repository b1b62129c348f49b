import { readFileSync } from 'node:fs';
import { deepFreeze, findSeedProblems, getSharedRecordValidator, type SeedData } from '../../reference-server/index.js';

/** The parsed seed, or a message explaining why the file cannot be used. */
export type SeedFileResult = { ok: true; seed: SeedData } | { ok: false; error: string };

/**
 * Reads a `--seed FILE`: JSON `{ "event": [...], "network-link-type": [...], "agent": [...] }`
 * whose records satisfy the create schemas. Every problem is reported, nothing is thrown.
 */
export function readSeedFile(file: string): SeedFileResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot read seed file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  let seed: unknown;
  try {
    seed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `seed file ${file} is not valid JSON: ${(error as Error).message}` };
  }
  const problems = findSeedProblems(seed, getSharedRecordValidator());
  if (problems.length > 0) return { ok: false, error: `seed file ${file} is not valid:\n  ${problems.join('\n  ')}` };
  // Frozen here, where nobody else holds the parsed objects: the server stores them without a copy.
  return { ok: true, seed: deepFreeze(seed as SeedData) };
}
