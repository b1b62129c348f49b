// Test helper (not a test): runs `mgmt-kit <command>` in this process with an environment of its
// own, and collects what it wrote, so a test can assert on the exit code and the exact lines.
import { PassThrough } from 'node:stream';
import { COMMAND_MODULES, main } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/command/command-io.js';

/** What one run of a command gave: its exit code, standard output and error, and how long it took. */
export interface CommandRun {
  code: number;
  out: string;
  err: string;
  ms: number;
}

/** The proxy variables the connection reads besides the flags' own (src/connection/proxy-route.ts). */
const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

/** Every variable `name`'s flags fall back to (commander's Option.env), and the proxy variables. */
async function variablesOf(name: string): Promise<string[]> {
  const declare = await COMMAND_MODULES.find(([candidate]) => candidate === name)![1]();
  const io: CommandIo = { stdout: new PassThrough(), stderr: new PassThrough(), exitCode: 0 };
  return [...declare(io).options.flatMap((option) => (option.envVar === undefined ? [] : [option.envVar])), ...PROXY_VARIABLES];
}

/**
 * Runs `mgmt-kit <name> <args>`. `env` stands in for the variables the command reads: during
 * the run, each of them is unset in process.env unless `env` sets it (commander reads the flags'
 * variables from process.env); afterwards process.env is as before. Runs of one test file are
 * sequential, so no other run sees these variables.
 */
export async function runCommand(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  const saved = new Map((await variablesOf(name)).map((variable) => [variable, process.env[variable]]));
  for (const variable of saved.keys()) delete process.env[variable];
  Object.assign(process.env, env);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const started = Date.now();
  try {
    const code = await main([name, ...args], { stdout, stderr });
    return { code, out, err, ms: Date.now() - started };
  } finally {
    for (const variable of Object.keys(env)) delete process.env[variable];
    for (const [variable, value] of saved) if (value !== undefined) process.env[variable] = value;
  }
}
