import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ReferenceCore, SeedData } from '../core/index.js';
import { readRecordsFile } from './read-records-file.js';
import { serializeStoreState } from './serialize-store-state.js';
import { createStateFileWriter } from './state-file-writer.js';

/** Options of a server whose state lives in a file (`mgmt-kit serve --data FILE`). */
export interface DataFileOptions {
  file: string;
  /** Least time from a change to its write, in ms; default 100. */
  writeDelayMs?: number;
  /**
   * Told when a write fails (a {@link DataFileError} naming the file and the cause); the server
   * keeps running and writes again on the next change. Default: a process warning.
   */
  onWriteError?: (error: DataFileError) => void;
}

/** A data file in use: what `close()` of the server flushes. */
export interface AttachedDataFile {
  file: string;
  /** True when the file did not exist and was created with the start records. */
  created: boolean;
  /** Files written since the start (the creation included). */
  writes(): number;
  /** Stops observing the core and writes what is still unwritten; rejects with a DataFileError when that write fails. */
  close(): Promise<void>;
}

/** A data file that cannot be used (the server does not start, the file is left as it was) or written. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** `ENOSPC` rather than the whole message: the file is named by the sentence around it. */
function describe(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}

/**
 * The state a data file holds, checked as a seed is; `undefined` when there is no file yet.
 * Throws a {@link DataFileError} naming the problem when the file cannot be read or is not a
 * valid state. Only reads.
 */
export function readDataFile(file: string): SeedData | undefined {
  if (statSync(file, { throwIfNoEntry: false }) === undefined) return undefined;
  const result = readRecordsFile(file, 'data file');
  if (!result.ok) throw new DataFileError(`${result.error}\n  (the file is left as it is: fix it, or remove it to start again from the start records)`);
  return result.records;
}

/**
 * Writes every change of `core` to the data file from now on (debounced, atomic). A new file is
 * written at once, so a file that cannot be written stops the start rather than the first
 * change; for an existing one the directory must be writable (each write renames into it).
 */
export async function attachDataFile(core: ReferenceCore, options: DataFileOptions, created: boolean): Promise<AttachedDataFile> {
  const { file } = options;
  const report = options.onWriteError ?? ((error: DataFileError) => process.emitWarning(error.message));
  const writer = createStateFileWriter({
    file,
    serialize: () => serializeStoreState(core.store),
    onError: (error) => report(new DataFileError(`cannot write data file ${file}: ${describe(error)}`)),
    ...(options.writeDelayMs === undefined ? {} : { delayMs: options.writeDelayMs }),
  });
  if (created) {
    writer.changed();
    await writer.flush().catch((error: Error) => {
      throw new DataFileError(`cannot create data file ${file}: ${describe(error)}`);
    });
  } else {
    try {
      accessSync(dirname(file), constants.W_OK);
    } catch (error) {
      throw new DataFileError(`cannot write data file ${file}: its directory is not writable (${describe(error as Error)})`);
    }
  }
  const stop = core.onChange(() => writer.changed());
  return {
    file,
    created,
    writes: writer.writes,
    async close() {
      stop();
      await writer.flush().catch((error: Error) => {
        throw new DataFileError(`the last changes could not be written to data file ${file}: ${describe(error)}`);
      });
    },
  };
}
