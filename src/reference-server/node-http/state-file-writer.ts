import { writeFileAtomically } from './write-file-atomically.js';

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
