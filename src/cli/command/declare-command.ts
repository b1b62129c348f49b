import type { CommandIo } from './command-io.js';
import type { FlagDeclarations, FlagValues } from './flag-declaration.js';
import { formatUsage, type UsageParts } from './format-usage.js';
import { parseCommandLine } from './parse-command-line.js';
import { UsageError } from './usage-error.js';

/** A command as it is written: everything the user sees about it, and what it does with its flags. */
export interface CommandDeclaration<F extends FlagDeclarations> extends UsageParts {
  /** Its row in `mgmt-kit --help`. */
  summary: string;
  flags: F;
  /**
   * Runs the command with its flags read and resolves to the exit code. A command line it cannot
   * use is a thrown {@link UsageError}. Modules that take long to load (cucumber, fast-check, the
   * reference server) are imported here, so `mgmt-kit --help` and the other commands do not load them.
   */
  run(flags: FlagValues<F>, io: CommandIo): Promise<number>;
}

/** A command as `mgmt-kit` runs it: `mgmt-kit <name> [argv]` → exit code. */
export interface Command {
  name: string;
  summary: string;
  npmScript: string | undefined;
  /** Its declared flags (`--help` aside), for tests and tables that read them. */
  flags: FlagDeclarations;
  usage(): string;
  run(argv: readonly string[], io?: Partial<CommandIo>): Promise<number>;
}

/**
 * Turns a declaration into a runnable command: the flags are parsed, `--help` prints the usage
 * (exit 0), a refused command line prints its message and the usage on stderr (exit 2), a
 * {@link UsageError} from `run` prints its one line (exit 2); otherwise `run`'s exit code.
 *
 * @example
 * export const hello = declareCommand({ name: 'hello', summary: 'greets', about: 'Prints a greeting.',
 *   flags: { name: { type: 'string', description: 'who', default: 'world' } },
 *   run: async (flags, io) => { io.stdout.write(`hello ${flags.name}\n`); return 0; } });
 */
export function declareCommand<const F extends FlagDeclarations>(declaration: CommandDeclaration<F>): Command {
  const usage = (): string => formatUsage(declaration);
  return {
    name: declaration.name,
    summary: declaration.summary,
    npmScript: declaration.npmScript,
    flags: declaration.flags,
    usage,
    async run(argv, io = {}) {
      const { stdout = process.stdout, stderr = process.stderr, env = process.env } = io;
      const parsed = parseCommandLine(argv, declaration.flags, env);
      if (parsed.kind === 'help') {
        stdout.write(usage());
        return 0;
      }
      if (parsed.kind === 'refused') {
        stderr.write(`mgmt-kit ${declaration.name}: ${parsed.error}\n\n${usage()}`);
        return 2;
      }
      try {
        return await declaration.run(parsed.values, { stdout, stderr, env });
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        stderr.write(`mgmt-kit ${declaration.name}: ${error.message}\n`);
        return 2;
      }
    },
  };
}
