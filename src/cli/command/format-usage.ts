import type { FlagDeclaration, FlagDeclarations } from './flag-declaration.js';

/** What a command's usage text is made of (see {@link CommandDeclaration}). */
export interface UsageParts {
  name: string;
  /** The npm script that runs it, shown beside the usage line: `npm start`. */
  npmScript?: string;
  /** What it does, how it ends, what its exit codes mean: the paragraphs between usage and options. */
  about: string;
  flags: FlagDeclarations;
}

/** The `-h, --help` row every command has (parse-command-line.ts reads it). */
const HELP: FlagDeclaration = { type: 'boolean', short: 'h', description: 'show this help' };

/** `FILE`, `core|extended`, `N`, `TIME`, `URL` or `VALUE`. */
function placeholder(declaration: Exclude<FlagDeclaration, { type: 'boolean' }>): string {
  if (declaration.valueName !== undefined) return declaration.valueName;
  if (declaration.type === 'string' && declaration.choices) return declaration.choices.join('|');
  return { integer: 'N', duration: 'TIME', url: 'URL', string: 'VALUE' }[declaration.type];
}

/** How the help states an absent flag's value: its note, else a plain default; none for off or unset. */
function defaultText(declaration: FlagDeclaration): string | undefined {
  if (declaration.type === 'string' && declaration.repeatable) return undefined;
  if (declaration.defaultNote !== undefined) return declaration.defaultNote;
  if (declaration.type === 'boolean') return declaration.default ? 'on' : undefined;
  return typeof declaration.default === 'function' || declaration.default === undefined ? undefined : String(declaration.default);
}

/** `--port N`, `--cors`, `-h, --help`: a flag as usage, help and messages show it. */
export function formatFlag(name: string, declaration: FlagDeclaration): string {
  const long = declaration.type === 'boolean' ? `--${name}` : `--${name} ${placeholder(declaration)}`;
  return declaration.short ? `-${declaration.short}, ${long}` : long;
}

/** The options table: `  --port N               TCP port (env PORT, default 8080)`, one row a flag, `--help` last, the descriptions aligned. */
export function formatOptions(flags: FlagDeclarations): string {
  const all = Object.entries({ ...flags, help: HELP });
  const width = Math.max(22, ...all.map(([name, declaration]) => formatFlag(name, declaration).length));
  const rows = all.map(([name, declaration]) => {
    const isValue = declaration.type !== 'boolean';
    const notes = [
      isValue && !declaration.repeatable && declaration.required ? 'required' : '',
      isValue && !declaration.repeatable && declaration.env ? `env ${declaration.env}` : '',
      defaultText(declaration) === undefined ? '' : `default ${defaultText(declaration)}`,
      isValue && declaration.repeatable ? 'repeatable' : '',
    ].filter(Boolean);
    return `  ${formatFlag(name, declaration).padEnd(width)} ${declaration.description}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
  });
  return rows.join('\n');
}

/** The usage line: the command, its required flags, `[options]`, and the npm script that runs it. */
export function formatUsageLine(parts: Pick<UsageParts, 'name' | 'npmScript' | 'flags'>): string {
  const required = Object.entries(parts.flags).flatMap(([name, declaration]) =>
    declaration.type !== 'boolean' && !declaration.repeatable && declaration.required ? [formatFlag(name, declaration)] : [],
  );
  const line = ['Usage: mgmt-kit', parts.name, ...required, '[options]'].join(' ');
  return parts.npmScript ? `${line.padEnd(48)} (${parts.npmScript})` : line;
}

/** `mgmt-kit <command> --help`, and what follows the message of a refused command line. */
export function formatUsage(parts: UsageParts): string {
  return `${formatUsageLine(parts)}\n\n${parts.about.trim()}\n\nOptions:\n${formatOptions(parts.flags)}\n`;
}
