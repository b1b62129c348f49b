import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FlagDeclaration, FlagDeclarations, FlagValues } from './flag-declaration.js';
import { formatFlag } from './format-usage.js';
import { readFlagText } from './read-flag-text.js';

/** What a command line asks for: the values, the help text, or nothing usable (exit 2). */
export type ParsedCommandLine<F extends FlagDeclarations> = { kind: 'values'; values: FlagValues<F> } | { kind: 'help' } | { kind: 'refused'; error: string };

type ValueFlag = Exclude<FlagDeclaration, { type: 'boolean' }>;

const refused = (error: string) => ({ kind: 'refused', error }) as const;

/** The shapes node's parser needs: which flags take a value (so `--port 0` consumes the `0`). */
function parseArgsOptions(flags: FlagDeclarations): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const [name, declaration] of Object.entries(flags)) {
    options[name] = { type: declaration.type === 'boolean' ? 'boolean' : 'string', ...(declaration.short ? { short: declaration.short } : {}) };
  }
  return options;
}

/** A flag given on the command line that turns something on: true, or any value but an empty list. */
function isOn(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== false;
}

/** Absent flag: the environment variable (unless empty), the default, or undefined; `required` refuses. */
function readAbsent(name: string, declaration: ValueFlag, env: NodeJS.ProcessEnv): { value: unknown } | { error: string } {
  const fromEnv = declaration.env === undefined ? undefined : env[declaration.env];
  if (declaration.repeatable) {
    const values: unknown[] = [];
    for (const line of (fromEnv ?? '').split(/\r?\n/).filter((l) => l.trim() !== '')) {
      const read = readFlagText(declaration, line.trim(), declaration.env!);
      if (!read.ok) return { error: read.error };
      values.push(read.value);
    }
    return { value: values };
  }
  if (declaration.env !== undefined && fromEnv !== undefined && fromEnv !== '') {
    const read = readFlagText(declaration, fromEnv, declaration.env);
    return read.ok ? { value: read.value } : { error: read.error };
  }
  const fallback = typeof declaration.default === 'function' ? declaration.default() : declaration.default;
  if (fallback === undefined) {
    if (!declaration.required) return { value: undefined };
    return { error: `${formatFlag(name, declaration)} is required${declaration.env ? ` (or set ${declaration.env})` : ''}` };
  }
  // A duration's default is written as text (`60s`), as the help shows it.
  if (declaration.type !== 'duration') return { value: fallback };
  const read = readFlagText(declaration, String(fallback), `the default of --${name}`);
  return read.ok ? { value: read.value } : { error: read.error };
}

/**
 * Reads a command line against a command's flag declarations, with node's `util.parseArgs`
 * underneath: `--name value`, `--name=value`, `--flag`, `--flag=false`, `-h`/`--help`, repeatable
 * flags collected in order, environment variables and defaults for absent flags. Every problem
 * (an unknown flag, a missing or malformed value, a stray argument, a missing required flag) is
 * a message, never a throw. `--help` anywhere asks for the help text, whatever else is wrong.
 *
 * @example parseCommandLine(['--port=0'], { port: { type: 'integer', description: 'port', default: 8080 } })
 *   // → { kind: 'values', values: { port: 0 } }
 */
export function parseCommandLine<F extends FlagDeclarations>(argv: readonly string[], flags: F, env: NodeJS.ProcessEnv = process.env): ParsedCommandLine<F> {
  const { tokens } = parseArgs({ args: [...argv], options: parseArgsOptions(flags), strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((token) => token.kind === 'option' && token.name === 'help')) return { kind: 'help' };
  const values: Record<string, unknown> = {};
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') return refused(`unexpected argument "${token.value}"`);
    const declaration = Object.hasOwn(flags, token.name) ? flags[token.name] : undefined;
    if (declaration === undefined) return refused(`unknown option ${token.rawName}`);
    const flag = `--${token.name}`;
    if (declaration.type === 'boolean') {
      const text = token.value ?? 'true';
      if (text !== 'true' && text !== 'false') return refused(`${flag} takes no value (or =true / =false)`);
      values[token.name] = text === 'true';
      continue;
    }
    // `--host --quiet`: the next flag is not the value node's parser takes it for.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) return refused(`${flag} needs a value`);
    const read = readFlagText(declaration, token.value, flag);
    if (!read.ok) return refused(read.error);
    values[token.name] = declaration.repeatable ? [...((values[token.name] as unknown[] | undefined) ?? []), read.value] : read.value;
  }
  const given = new Set(Object.keys(values));
  for (const [name, declaration] of Object.entries(flags)) {
    if (Object.hasOwn(values, name)) continue;
    if (declaration.type === 'boolean') {
      values[name] = declaration.default ?? false;
      continue;
    }
    const absent = readAbsent(name, declaration, env);
    if ('error' in absent) return refused(absent.error);
    values[name] = absent.value;
  }
  for (const name of given) {
    const needed = flags[name]?.needs;
    if (needed !== undefined && !isOn(values[needed])) return refused(`--${name} needs --${needed}: without it --${name} would change nothing`);
  }
  return { kind: 'values', values: values as FlagValues<F> };
}
