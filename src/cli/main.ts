import { readFileSync } from 'node:fs';
import type { Command } from './command/declare-command.js';
import { benchCommand } from './commands/bench.js';
import { conformanceCommand } from './commands/conformance.js';
import { fuzzCommand } from './commands/fuzz.js';
import { mockCommand } from './commands/mock.js';
import { proxyCommand } from './commands/proxy.js';
import { serveCommand } from './commands/serve.js';
import { tokenCommand } from './commands/token.js';
import { stopWhenOrphaned } from './stop-when-orphaned.js';

/**
 * The sub-commands, in the order `mgmt-kit --help` lists them. Each module holds only its
 * declaration and loads what it runs on (Prism, cucumber, fast-check) when it runs, so the list
 * costs `mgmt-kit token` nothing.
 */
export const COMMANDS: readonly Command[] = [serveCommand, tokenCommand, mockCommand, proxyCommand, conformanceCommand, fuzzCommand, benchCommand];

function readVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** The list of sub-commands, each with its summary (and the npm script that runs it). */
export function formatHelp(): string {
  const rows = COMMANDS.map((command) => `  ${command.name.padEnd(12)} ${command.summary}${command.npmScript ? ` (${command.npmScript})` : ''}`);
  return [
    `mgmt-kit ${readVersion()} — contract-first mock and conformance kit for the management service`,
    '',
    'Usage: mgmt-kit <command> [options]   (mgmt-kit <command> --help for its options)',
    '',
    'Commands:',
    ...rows,
    '',
  ].join('\n');
}

/** Runs `mgmt-kit` with the given arguments and resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(formatHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${readVersion()}\n`);
    return 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(`mgmt-kit: unknown command "${name}"\n\n${formatHelp()}`);
    return 2;
  }
  // `npx mgmt-kit serve &` + `kill $!`: the signal stops npm and its shell, not this process.
  const unwatch = stopWhenOrphaned();
  try {
    return await command.run(rest);
  } finally {
    unwatch();
  }
}
