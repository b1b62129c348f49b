import { readFileSync } from 'node:fs';
import type { Command } from './command/declare-command.js';
import { stopWhenOrphaned } from './stop-when-orphaned.js';

/**
 * The sub-commands by name, in the order `mgmt-kit --help` lists them, each imported only when
 * it runs: `mgmt-kit serve` loads the declaration of serve alone, not those of the other
 * commands and what they import (node:tls for the connection flags, node:child_process for
 * Prism, …), so its start-up pays for serving only (src/cli/serve-start-modules.test.ts).
 * Each declaration in turn loads what it runs on (Prism, cucumber, fast-check) when it runs.
 */
export const COMMAND_MODULES: ReadonlyArray<readonly [name: string, load: () => Promise<Command>]> = [
  ['serve', async () => (await import('./commands/serve.js')).serveCommand],
  ['token', async () => (await import('./commands/token.js')).tokenCommand],
  ['mock', async () => (await import('./commands/mock.js')).mockCommand],
  ['proxy', async () => (await import('./commands/proxy.js')).proxyCommand],
  ['conformance', async () => (await import('./commands/conformance.js')).conformanceCommand],
  ['fuzz', async () => (await import('./commands/fuzz.js')).fuzzCommand],
  ['capture', async () => (await import('./commands/capture.js')).captureCommand],
  ['coverage', async () => (await import('./commands/coverage.js')).coverageCommand],
  ['bench', async () => (await import('./commands/bench.js')).benchCommand],
];

/** Every command's declaration, in the order of {@link COMMAND_MODULES} (for --help and tests). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_MODULES.map(([, load]) => load()));
}

function readVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** The list of sub-commands, each with its summary (and the npm script that runs it). */
export async function formatHelp(): Promise<string> {
  const rows = (await loadCommands()).map((command) => `  ${command.name.padEnd(12)} ${command.summary}${command.npmScript ? ` (${command.npmScript})` : ''}`);
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
    process.stdout.write(await formatHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${readVersion()}\n`);
    return 0;
  }
  const load = COMMAND_MODULES.find(([candidate]) => candidate === name)?.[1];
  if (!load) {
    process.stderr.write(`mgmt-kit: unknown command "${name}"\n\n${await formatHelp()}`);
    return 2;
  }
  const command = await load();
  // `npx mgmt-kit serve &` + `kill $!`: the signal stops npm and its shell, not this process.
  const unwatch = stopWhenOrphaned();
  try {
    return await command.run(rest);
  } finally {
    unwatch();
  }
}
