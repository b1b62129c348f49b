import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { readDuration } from './read-duration.js';

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
 * one grammar; a bare number is refused for one release (read-duration.ts).
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
