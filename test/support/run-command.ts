// Test helper (not a test): runs a declared command in this process with its own environment,
// and collects what it wrote, so a test can assert on the exit code and the exact lines.
import { PassThrough } from 'node:stream';
import type { Command } from '../../src/cli/command/declare-command.js';

/** What one run of a command gave: its exit code, standard output and error, and how long it took. */
export interface CommandRun {
  code: number;
  out: string;
  err: string;
  ms: number;
}

/** Runs `command` with `args`; `env` stands in for the process environment (flag fallbacks, proxies). */
export async function runCommand(command: Command, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const started = Date.now();
  const code = await command.run(args, { stdout, stderr, env });
  return { code, out, err, ms: Date.now() - started };
}
