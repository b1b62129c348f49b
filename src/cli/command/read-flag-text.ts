import type { FlagDeclaration } from './flag-declaration.js';
import { readDuration } from './read-duration.js';

/** The value a flag's text stands for, or what is wrong with it (a message for exit 2). */
export type ReadResult = { ok: true; value: string | number } | { ok: false; error: string };

const refuse = (error: string): ReadResult => ({ ok: false, error });

/** `a`, `a or b`, `a, b or c`. */
function listChoices(choices: readonly string[]): string {
  return choices.length < 2 ? (choices[0] ?? '') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

function readInteger(declaration: { min?: number; max?: number }, text: string, from: string): ReadResult {
  if (!/^\d+$/.test(text.trim())) return refuse(`${from} must be a whole number, got "${text}"`);
  const value = Number(text);
  const { min, max } = declaration;
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    return refuse(`${from} must be between ${min ?? '-∞'} and ${max ?? '∞'}, got ${value}`);
  }
  return { ok: true, value };
}

function readUrl(text: string, from: string): ReadResult {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(`${from} "${text}" is not a URL (expected e.g. https://mgmt.example.net)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(`${from} "${text}" must be an http:// or https:// URL`);
  return { ok: true, value: text };
}

/**
 * Reads the text of a value flag as its declaration says. `from` names where the text came from
 * in messages: `--port`, or `PORT` for a value read from the environment.
 *
 * @example readFlagText({ type: 'integer', description: 'port', max: 65535 }, '70000', '--port')
 *   // → { ok: false, error: '--port must be between -∞ and 65535, got 70000' }
 */
export function readFlagText(declaration: Exclude<FlagDeclaration, { type: 'boolean' }>, text: string, from: string): ReadResult {
  switch (declaration.type) {
    case 'integer':
      return readInteger(declaration, text, from);
    case 'duration': {
      const read = readDuration(text, from);
      if (!read.ok) return refuse(read.error);
      return read.ms <= 0 ? refuse(`${from} must be longer than 0, got "${text}"`) : { ok: true, value: read.ms };
    }
    case 'url':
      return readUrl(text, from);
    case 'string': {
      if (declaration.notEmpty && text === '') return refuse(`${from} must not be empty`);
      const { choices } = declaration;
      if (choices && !choices.includes(text)) return refuse(`${from} must be ${listChoices(choices)}, got "${text}"`);
      return { ok: true, value: text };
    }
  }
}
