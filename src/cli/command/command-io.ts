import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { DURATION_EXAMPLES, isBareNumber, parseDuration } from '../../server/controls/parse-duration.js';

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

// The value parsers of the kit's flags, for commander's Option.argParser. A refusal is an
// InvalidArgumentError: commander prefixes it with the flag and the value, or with the variable
// the value came from (`option '--port <N>' argument 'x' is invalid. Expected …`), exit 2.

/** A whole number from `min` to `max`. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    const value = Number(text);
    if (!/^\d+$/.test(text.trim()) || value < min || value > max) throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    return value;
  };
}

/** An http:// or https:// URL, kept as written. */
export function httpUrl(text: string): string {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new InvalidArgumentError('Expected an http:// or https:// URL, e.g. https://mgmt.example.net.');
  return text;
}

/** Text that is not empty (a secret: WebCrypto refuses a zero-length HMAC key). */
export function notEmpty(text: string): string {
  if (text === '') throw new InvalidArgumentError('It must not be empty.');
  return text;
}

/** `--cors`, `--cors=true`, `--cors=false`: a switch on by default that can be turned off as written. */
export function onOff(text: string): boolean {
  if (text !== 'true' && text !== 'false') throw new InvalidArgumentError('Give the flag alone, =true or =false.');
  return text === 'true';
}

/**
 * A flag that may be given several times: its values in order. Its variable holds one value a
 * line (commander passes it whole), blank lines skipped.
 */
export function collect(text: string, previous: readonly string[]): string[] {
  return [
    ...previous,
    ...text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim()),
  ];
}

/**
 * A duration flag (`--timeout 15s`, `--time-budget 2m`) in milliseconds, above zero, in the kit's
 * one grammar; a bare number is refused for one release ({@link readDuration}).
 */
export function durationOption<const Usage extends string>(flags: Usage, description: string) {
  const option = new Option(flags, description);
  return option.argParser((text) => {
    const read = readDuration(text, option.long ?? flags);
    if (!read.ok) throw new InvalidArgumentError(read.error);
    if (read.ms <= 0) throw new InvalidArgumentError('It must be longer than 0.');
    return read.ms;
  });
}

/** A duration flag's value in milliseconds, or what is wrong with its text (a message for exit 2, after the flag commander names). */
export type DurationFlagResult = { ok: true; ms: number } | { ok: false; error: string };

/**
 * A duration flag (`--timeout`, `--time-budget`) in the kit's one grammar (parse-duration.ts:
 * `500ms`, `60s`, `1.5s`, `2m`, `1h`). These flags read a bare number as seconds until 0.x and
 * every other duration of the kit as milliseconds; so that `--timeout 90` cannot silently become
 * 90 ms, a bare number is refused for one release with the spelling to use instead.
 *
 * @example readDuration('2m', '--time-budget') // → { ok: true, ms: 120000 }
 */
export function readDuration(text: string, from: string): DurationFlagResult {
  if (isBareNumber(text)) {
    const n = text.trim();
    return {
      ok: false,
      error:
        `${from} ${n}: give the unit — ${n}s for seconds, ${n}ms for milliseconds. ${from} read a bare number as seconds until now, ` +
        'while every other duration of mgmt-kit (--delay, x-mgmt-kit-delay, fault rules) reads it as milliseconds; from the next release a bare number is milliseconds everywhere',
    };
  }
  const result = parseDuration(text);
  // Without a max, parseDuration refuses only unreadable text; its hint about bare numbers does not hold here yet.
  return result.ok ? result : { ok: false, error: `"${text}" is not a duration: ${DURATION_EXAMPLES}` };
}
