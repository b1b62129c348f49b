/** How one `--flag` of a command is read. */
export interface FlagDefinition {
  /** `list`: a string flag that may repeat; its values are collected in order. */
  kind: 'string' | 'integer' | 'boolean' | 'list';
  description: string;
  /** Environment variable read when the flag is absent (string and integer flags). */
  env?: string;
  /** Shown in the help text, e.g. `8080`; the caller applies the default. */
  defaultText?: string;
  /** Placeholder in the help text, e.g. `FILE`. */
  valueName?: string;
  /** Value of a boolean flag that is absent (default false); `--name=false` turns a true default off. */
  defaultValue?: boolean;
  /** Inclusive bounds of an integer flag. */
  min?: number;
  max?: number;
}

/** A command's flags by name (without the leading `--`). */
export type FlagSpec = Readonly<Record<string, FlagDefinition>>;

/** The parsed values: booleans and lists are always present; strings and integers only when given. */
export type FlagValues<S extends FlagSpec> = {
  [K in keyof S]: S[K]['kind'] extends 'boolean'
    ? boolean
    : S[K]['kind'] extends 'integer'
      ? number | undefined
      : S[K]['kind'] extends 'list'
        ? string[]
        : string | undefined;
};

/** Parsed flags and positional arguments, or a message saying what is wrong (exit 2). */
export type ParsedFlags<S extends FlagSpec> = { ok: true; values: FlagValues<S>; positionals: string[] } | { ok: false; error: string };

function toValue(def: FlagDefinition, raw: string, from: string): number | string | { error: string } {
  if (def.kind !== 'integer') return raw;
  if (!/^\d+$/.test(raw.trim())) return { error: `${from} must be a whole number, got "${raw}"` };
  const value = Number(raw);
  if ((def.min !== undefined && value < def.min) || (def.max !== undefined && value > def.max)) {
    return { error: `${from} must be between ${def.min ?? '-∞'} and ${def.max ?? '∞'}, got ${value}` };
  }
  return value;
}

/**
 * Parses `--name value`, `--name=value` and boolean `--name` against a spec; string and integer
 * flags fall back to their environment variable. Unknown flags and missing or malformed values
 * are reported, never thrown, so a command can print usage and exit 2.
 *
 * @example parseFlags(['--port', '0', '--quiet'], { port: { kind: 'integer', description: 'port', env: 'PORT' },
 *   quiet: { kind: 'boolean', description: 'no logs' } }) // → { ok: true, values: { port: 0, quiet: true }, positionals: [] }
 */
export function parseFlags<S extends FlagSpec>(argv: readonly string[], spec: S, env: NodeJS.ProcessEnv = process.env): ParsedFlags<S> {
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      if (arg === '--') positionals.push(...argv.slice(i + 1));
      else positionals.push(arg);
      if (arg === '--') break;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const def = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!def) return { ok: false, error: `unknown option --${name}` };
    if (def.kind === 'boolean') {
      const text = eq === -1 ? 'true' : arg.slice(eq + 1);
      if (text !== 'true' && text !== 'false') return { ok: false, error: `--${name} takes no value (or =true / =false)` };
      values[name] = text === 'true';
      continue;
    }
    const raw = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined || (eq === -1 && raw.startsWith('--'))) return { ok: false, error: `--${name} needs a value` };
    const value = toValue(def, raw, `--${name}`);
    if (typeof value === 'object') return { ok: false, error: value.error };
    values[name] = def.kind === 'list' ? [...((values[name] as string[] | undefined) ?? []), value] : value;
  }
  for (const [name, def] of Object.entries(spec)) {
    if (def.kind === 'boolean') values[name] ??= def.defaultValue ?? false;
    else if (def.kind === 'list') values[name] ??= [];
    else if (values[name] === undefined && def.env && env[def.env] !== undefined && env[def.env] !== '') {
      const value = toValue(def, env[def.env]!, def.env);
      if (typeof value === 'object') return { ok: false, error: value.error };
      values[name] = value;
    }
  }
  return { ok: true, values: values as FlagValues<S>, positionals };
}

/** The option lines of a help text: `  --port N   …  (env PORT, default 8080)`. */
export function formatFlagHelp(spec: FlagSpec): string {
  const rows = Object.entries(spec).map(([name, def]) => {
    const left = def.kind === 'boolean' ? `--${name}` : `--${name} ${def.valueName ?? (def.kind === 'integer' ? 'N' : 'VALUE')}`;
    const notes = [def.env ? `env ${def.env}` : '', def.defaultText ? `default ${def.defaultText}` : '', def.kind === 'list' ? 'repeatable' : ''].filter(Boolean);
    return `  ${left.padEnd(22)} ${def.description}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  });
  return rows.join('\n');
}
