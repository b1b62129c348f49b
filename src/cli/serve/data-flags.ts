import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The `serve` flags `--data` works with. */
export interface DataFlags {
  data?: string | undefined;
  seed?: string | undefined;
  watch?: boolean | undefined;
}

function isSameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const statA = statSync(a, { throwIfNoEntry: false });
  const statB = statSync(b, { throwIfNoEntry: false });
  // Another name for the same file: a link, or a path through a symbolic link.
  return statA !== undefined && statB !== undefined && statA.dev === statB.dev && statA.ino === statB.ino;
}

/**
 * What `--data` refuses, as a message for exit 2: `--watch` on a `--seed` file that is also the
 * `--data` file would reload every write the server makes and reset the state to it, forever.
 * (`--seed F --data F` without `--watch` is fine: F is loaded, and a reset goes back to F as
 * it was at start, plus the preload.)
 */
export function findDataFlagProblem(flags: DataFlags): string | undefined {
  if (flags.data === undefined || flags.seed === undefined || !flags.watch) return undefined;
  if (!isSameFile(flags.data, flags.seed)) return undefined;
  return '--watch reloads the --seed file, which is also the --data file the server writes: give --data another file, or drop --watch';
}
