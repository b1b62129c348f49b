import { accessSync, constants, statSync, readFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type ReferenceCore, type SeedData, deepFreeze, findSeedProblems, getSharedRecordValidator, INDEX_NAMES, type Store } from '../core/index.js';

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
    return { ok: false, error: `cannot read ${what} ${file}: ${describe(error as Error)}` };
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

export interface StateFileWriterOptions {
  file: string;
  /** The file's text, read when a write starts: a burst of changes is serialised once. */
  serialize: () => string;
  /** Least time from a change to its write, in ms; default 100. */
  delayMs?: number;
  /** Told of a write on the timer that failed (a failed flush rejects instead); the state is written again on the next change or flush. */
  onError: (error: Error) => void;
  /** How a text reaches the file; default {@link writeFileAtomically} (tests slow it down or fail it). */
  write?: (file: string, text: string) => Promise<void>;
  /** Clock for the cost of serialising; default performance.now. */
  now?: () => number;
}

export interface StateFileWriter {
  /** Something changed: a write is due within the delay (at most one is ever pending). */
  changed(): void;
  /** Waits for the write in progress, then writes what is still unwritten; rejects when that write fails. */
  flush(): Promise<void>;
  /** Files written so far. */
  writes(): number;
}

/**
 * Serialising a large state blocks the event loop, so the wait before the next write grows with
 * its cost: at most a fifth of the time goes to serialising, however fast the changes come.
 */
const COST_FACTOR = 4;
const DEFAULT_DELAY_MS = 100;

/**
 * Keeps a file up to date with a state that changes often, writing far less often than it
 * changes: the first change after a write starts a timer, the changes until it fires are written
 * together, and a change during a write is written after it (writes never overlap). Each write
 * replaces the file atomically, so the file always holds one complete state: the latest, or an
 * earlier one when the process is killed.
 */
export function createStateFileWriter(options: StateFileWriterOptions): StateFileWriter {
  const delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
  const write = options.write ?? writeFileAtomically;
  const now = options.now ?? (() => performance.now());
  let unwritten = false;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<Error | undefined> | undefined;
  let waitMs = delayMs;
  let writes = 0;

  const schedule = (): void => {
    if (timer !== undefined || writing !== undefined || !unwritten) return;
    timer = setTimeout(() => void writeNow().then((error) => error && options.onError(error)), waitMs);
  };

  /** Writes the current state; resolves to the error instead of rejecting. */
  const writeNow = (): Promise<Error | undefined> => {
    clearTimeout(timer);
    timer = undefined;
    unwritten = false;
    let text: string;
    const started = now();
    try {
      text = options.serialize();
    } catch (error) {
      return Promise.resolve(fail(error));
    }
    waitMs = Math.max(delayMs, COST_FACTOR * (now() - started));
    writing = write(options.file, text)
      .then(
        () => {
          writes += 1;
          return undefined;
        },
        (error: unknown) => fail(error),
      )
      .then((error) => {
        writing = undefined;
        // After a failure the next change or flush tries again: a timer would repeat a full disk's error forever.
        if (error === undefined) schedule();
        return error;
      });
    return writing;
  };

  function fail(error: unknown): Error {
    unwritten = true;
    return error instanceof Error ? error : new Error(String(error));
  }

  return {
    changed() {
      unwritten = true;
      schedule();
    },
    async flush() {
      while (writing !== undefined) await writing;
      if (!unwritten) return;
      const error = await writeNow();
      if (error) throw error;
    },
    writes: () => writes,
  };
}

/**
 * Where {@link writeFileAtomically} writes before renaming: beside the file (a rename is atomic
 * only within one file system), under one fixed name, so a write cut short by `kill -9` leaves
 * one stale file that the next write overwrites rather than a new one per run.
 */
export function temporaryPathFor(file: string): string {
  return `${file}.tmp`;
}

/**
 * Replaces `file` with `text` so that a reader — or the next start after the process was killed
 * at any moment — sees either the old content or the new one, never a mix or a truncated file:
 * the text goes to {@link temporaryPathFor}, is flushed to the disk, and is renamed over `file`.
 * On failure the temporary file is removed and `file` is left as it was.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = temporaryPathFor(file);
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      // Without it a power cut right after the rename could leave an empty file on some file systems.
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
