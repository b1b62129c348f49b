import { accessSync, constants, statSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type ReferenceCore, type SeedData, deepFreeze, findSeedProblems, getSharedRecordValidator, INDEX_NAMES, type Store } from '../core/index.js';
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

/**
 * Every index of a store as the text of a `--seed` file, one record per line:
 *
 *     {
 *     "event": [
 *       {"id":"e1","kind":"link-down"},
 *       {"id":"e2","kind":"link-up"}
 *     ],
 *     "network-link-type": [ … ],
 *     "agent": []
 *     }
 *
 * A data file kept under version control shows a changed record as one changed line. The stored
 * records are read as they are (frozen, no copies), so 100 000 records cost one pass.
 */
export function serializeStoreState(store: Store): string {
  const indices = INDEX_NAMES.map((name) => {
    const lines: string[] = [];
    for (const record of store[name].values()) lines.push(JSON.stringify(record));
    return `${JSON.stringify(name)}: [${lines.length === 0 ? '' : `\n  ${lines.join(',\n  ')}\n`}]`;
  });
  return `{\n${indices.join(',\n')}\n}\n`;
}
