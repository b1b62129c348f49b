import { readRecordsFile, type RecordsFileResult } from '../../reference-server/index.js';

/**
 * Reads a `--seed FILE`: JSON `{ "event": [...], "network-link-type": [...], "agent": [...] }`
 * whose records satisfy the create schemas. Every problem is reported, nothing is thrown.
 */
export function readSeedFile(file: string): RecordsFileResult {
  return readRecordsFile(file, 'seed file');
}
