import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

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
