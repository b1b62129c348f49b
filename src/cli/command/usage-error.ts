/**
 * A command line that cannot run as given, found after its flags were read (no target, a flag
 * that needs another, a file that cannot be read): thrown by a command's action, printed by
 * main() (cli/main.ts) as one line `mgmt-kit <command>: <message>`, exit 2.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}
