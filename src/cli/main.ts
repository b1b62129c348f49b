import { readFileSync } from 'node:fs';
import { Command, CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CommandIo, UsageError } from './command/command-io.js';
import { wrapHelpText } from './command/help-wrap.js';
import { stopWhenOrphaned } from './stop-when-orphaned.js';

/** A command's declaration on commander: its flags, help and action, writing to `io`. */
export type DeclareCommand = (io: CommandIo) => CommandUnknownOpts;

/**
 * The sub-commands by name, in the order `mgmt-kit --help` lists them, each imported only when
 * it runs: `mgmt-kit serve` loads the declaration of serve alone, not those of the other
 * commands and what they import (node:tls for the connection flags, node:child_process for
 * Prism, …), so its start-up pays for serving only (src/cli/serve-start-modules.test.ts).
 * Each declaration in turn loads what it runs on (Prism, cucumber, fast-check) in its action.
 */
export const COMMAND_MODULES: ReadonlyArray<readonly [name: string, load: () => Promise<DeclareCommand>]> = [
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

function readVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(url, 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** Where `command` writes, its errors as one line `mgmt-kit <command>: <message>` followed by its help. */
function configureOutput(command: CommandUnknownOpts, io: CommandIo, label: string): void {
  command.configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
    outputError: (text, write) => write(`${label}: ${text.replace(/^error: /, '')}`),
  });
}

/**
 * `mgmt-kit` on commander, with the commands `names` asks for declared: their flags, help and
 * actions. A refused command line (an unknown or malformed flag, a missing value) is thrown as a
 * CommanderError instead of ending the process, so {@link main} decides the exit code.
 */
export async function createProgram(io: CommandIo, names: readonly string[] = COMMAND_MODULES.map(([name]) => name)): Promise<CommandUnknownOpts> {
  const program = new Command('mgmt-kit')
    .usage('<command> [options]')
    .description(`mgmt-kit ${readVersion()} — contract-first mock and conformance kit for the management service (mgmt-kit <command> --help for its options)`)
    .version(readVersion(), '-v, --version')
    .exitOverride()
    .showHelpAfterError()
    // Descriptions are one line per paragraph and per table row: wrapped here to the terminal
    // (80 columns in a pipe), a table row continuing under its text (command/help-wrap.ts).
    .configureHelp({ subcommandTerm: (command) => command.name(), boxWrap: wrapHelpText });
  configureOutput(program, io, 'mgmt-kit');
  for (const [name, load] of COMMAND_MODULES.filter(([name]) => names.includes(name))) {
    const command = (await load())(io).copyInheritedSettings(program);
    configureOutput(command, io, `mgmt-kit ${name}`);
    program.addCommand(command);
  }
  return program;
}

/**
 * A variable set to '' counts as unset, as before commander (which takes it as given): an empty
 * JWT_SECRET means "generate one", not "an empty secret, refused".
 */
function dropEmptyVariables(command: CommandUnknownOpts): void {
  for (const { envVar } of command.options) if (envVar !== undefined && process.env[envVar] === '') delete process.env[envVar];
}

/** Runs `mgmt-kit` with the given arguments and resolves to the process exit code: 2 for a command line it refuses. */
export async function main(argv: readonly string[], output: Partial<Pick<CommandIo, 'stdout' | 'stderr'>> = {}): Promise<number> {
  const io: CommandIo = { stdout: output.stdout ?? process.stdout, stderr: output.stderr ?? process.stderr, exitCode: 0 };
  const invoked = COMMAND_MODULES.find(([name]) => name === argv[0])?.[0];
  // `mgmt-kit serve` declares serve alone; --help, `help <command>` and a mistyped name need them all.
  const program = await createProgram(io, invoked === undefined ? undefined : [invoked]);
  for (const command of program.commands) dropEmptyVariables(command);
  // `npx mgmt-kit serve &` + `kill $!`: the signal stops npm and its shell, not this process.
  const unwatch = invoked === undefined ? () => undefined : stopWhenOrphaned();
  try {
    await program.parseAsync(argv.length === 0 ? ['--help'] : argv, { from: 'user' });
    return io.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (!(error instanceof UsageError)) throw error;
    // Found once the flags were read (no target, a file that cannot be used): one line, no help.
    io.stderr.write(`mgmt-kit ${invoked}: ${error.message}\n`);
    return 2;
  } finally {
    unwatch();
  }
}
