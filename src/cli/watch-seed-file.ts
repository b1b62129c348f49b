import { unwatchFile, watchFile, type Stats } from 'node:fs';
import type { ReferenceCore } from '../reference-server/index.js';
import { readSeedFile } from './read-seed-file.js';

/** A running {@link watchSeedFile}. */
export interface SeedFileWatch {
  close(): void;
}

function countRecords(seed: object): number {
  return Object.values(seed).reduce((sum: number, list: unknown) => sum + (Array.isArray(list) ? list.length : 0), 0);
}

/**
 * `--watch`: reloads the `--seed` file when it changes, as json-server does with its db file. A
 * valid file becomes the seed of every later reset and the state goes back to the preload plus
 * its records; a file that is missing, half-written or invalid is reported and the current state
 * and seed stay. Polls (`fs.watchFile`) rather than `fs.watch`, because editors that save by
 * renaming a new file over the old one would end an inode watch after the first save.
 */
export function watchSeedFile(
  file: string,
  core: Pick<ReferenceCore, 'replaceSeed'>,
  report: (line: string) => void,
  intervalMs = 200,
): SeedFileWatch {
  const onChange = (current: Stats, previous: Stats): void => {
    if (current.mtimeMs === previous.mtimeMs && current.ctimeMs === previous.ctimeMs && current.size === previous.size) return;
    if (current.mtimeMs === 0 && current.size === 0) return report(`--watch: ${file} is gone; the state is kept`);
    const result = readSeedFile(file);
    if (!result.ok) return report(`--watch: ${result.error}\n  the state is kept`);
    const problems = core.replaceSeed(result.seed);
    if (problems.length > 0) return report(`--watch: ${file} is not valid:\n  ${problems.join('\n  ')}\n  the state is kept`);
    return report(`--watch: ${file} reloaded (${countRecords(result.seed)} records); the state was reset to the start records`);
  };
  watchFile(file, { interval: intervalMs, persistent: false }, onChange);
  return { close: () => unwatchFile(file, onChange) };
}
