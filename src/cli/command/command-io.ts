import { readFileSync } from 'node:fs';

/**
 * Where a command writes, and the exit code its action settles on (main.ts returns it): the
 * process's own streams unless a test gives others.
 */
export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  exitCode: number;
}

/**
 * A command line that cannot run as given, found after its flags were read (no target, a flag
 * that needs another, a file that cannot be read): thrown by a command's action, printed by
 * main() (cli/main.ts) as one line `mgmt-kit <command>: <message>`, exit 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Reads the file a flag names and parses its text; a file that cannot be read or parsed stops the
 * command before it starts, in one line: `--baseline b.json: cannot read it (ENOENT)`.
 */
export function readFlagFile<T>(flag: string, path: string, parse: (text: string) => { ok: true; value: T } | { ok: false; error: string }): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const parsed = parse(text);
  if (!parsed.ok) throw new UsageError(`${flag} ${path}: ${parsed.error}`);
  return parsed.value;
}

/** `--baseline FILE`, read and checked; a file that cannot be used stops the run before it starts. */
export function readBaselineFlag<B>(
  file: string,
  parse: (text: string) => { ok: true; baseline: B } | { ok: false; error: string },
): { file: string; baseline: B } {
  const baseline = readFlagFile('--baseline', file, (text) => {
    const parsed = parse(text);
    return parsed.ok ? { ok: true, value: parsed.baseline } : parsed;
  });
  return { file, baseline };
}
