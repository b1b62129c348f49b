import { readRecordsFile, type RecordsFileResult, type ReferenceCore } from '../../server/index.js';
import { statSync, type Stats } from 'node:fs';

/**
 * Reads a `--seed FILE`: JSON `{ "event": [...], "network-link-type": [...], "agent": [...] }`
 * whose records satisfy the create schemas. Every problem is reported, nothing is thrown.
 */
export function readSeedFile(file: string): RecordsFileResult {
  return readRecordsFile(file, 'seed file');
}

/** A running {@link watchSeedFile}. */
export interface SeedFileWatch {
  close(): void;
}

type FileStamp = Pick<Stats, 'mtimeMs' | 'ctimeMs' | 'size'> | undefined;

function countRecords(seed: object): number {
  return Object.values(seed).reduce((sum: number, list: unknown) => sum + (Array.isArray(list) ? list.length : 0), 0);
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a?.mtimeMs === b?.mtimeMs && a?.ctimeMs === b?.ctimeMs && a?.size === b?.size;
}

/**
 * `--watch`: reloads the `--seed` file when it changes, as json-server does with its db file. A
 * valid file becomes the seed of every later reset and the state goes back to the preload plus
 * its records; a file that is missing, half-written or invalid is reported and the current state
 * and seed stay. It polls the file's stamp (mtime, ctime, size) against the one taken at the
 * start: `fs.watch` loses the file when an editor saves by renaming a new file over it, and
 * `fs.watchFile` takes its first look asynchronously, missing a change made right after start.
 */
export function watchSeedFile(file: string, core: Pick<ReferenceCore, 'replaceSeed'>, report: (line: string) => void, intervalMs = 200): SeedFileWatch {
  let last: FileStamp = statSync(file, { throwIfNoEntry: false });
  const check = (): void => {
    const current: FileStamp = statSync(file, { throwIfNoEntry: false });
    if (sameStamp(current, last)) return;
    last = current;
    report(reload(current));
  };
  const reload = (current: FileStamp): string => {
    if (current === undefined) return `--watch: ${file} is gone; the state is kept`;
    const result = readSeedFile(file);
    if (!result.ok) return `--watch: ${result.error}\n  the state is kept`;
    const problems = core.replaceSeed(result.records);
    if (problems.length > 0) return `--watch: ${file} is not valid:\n  ${problems.join('\n  ')}\n  the state is kept`;
    return `--watch: ${file} reloaded (${countRecords(result.records)} records); the state was reset to the start records`;
  };
  const timer = setInterval(check, intervalMs);
  timer.unref(); // the server keeps the process alive, not the watch
  return { close: () => clearInterval(timer) };
}
