// Test support (not a test): starts `mgmt-kit <command>` as a child process in its own process
// group, waits until that child says it is ready on its own port, and stops the whole group
// afterwards.
//
// Why not "wait until the port answers": the port is picked free and closed again, and Prism binds
// it 2-3 s later. Test files run two at a time (--test-concurrency=2), so another server may take
// the port in between; a probe would then accept the other server while our Prism died with
// EADDRINUSE. Only the child's own "ready on <url>" line proves the port is its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const MAX_ATTEMPTS = 3;

/** A CLI child process started by {@link startCliForTests}. */
export interface RunningCli {
  baseURL: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /**
   * SIGTERM to mgmt-kit alone (it must forward it to Prism), SIGKILL to the whole process group
   * after 5 s; resolves to the exit code of mgmt-kit.
   */
  stop(): Promise<number | null>;
}

/** Options of {@link startCliForTests}. */
export interface StartCliOptions {
  /** The overall limit for every attempt together; default 30 000 ms. */
  waitMs?: number;
  /** Picks the port of each attempt; default {@link findFreePort} (tests inject a taken one). */
  pickPort?: () => Promise<number>;
}

/** How one attempt ended. */
type Outcome = 'ready' | 'port-taken' | 'exited' | 'timed-out';

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** A port that was free a moment ago (listen on 0, close); someone else may take it before us. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: 1_000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Spawns one attempt on `port` and settles on its ready line, its early exit, or the deadline. */
function spawnAttempt(args: string[], port: number, deadline: number): { cli: RunningCli; outcome: Promise<Outcome> } {
  const baseURL = `http://127.0.0.1:${port}`;
  const readyLine = `: ready on ${baseURL}\n`; // run-prism.ts prints it after Prism's own listen
  const child = spawn(process.execPath, [BIN, ...args, '--port', String(port)], { detached: true, stdio: 'pipe' });
  let text = '';
  let stdoutText = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const outcome = new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => resolve('timed-out'), Math.max(0, deadline - Date.now()));
    const settle = (result: Outcome) => {
      clearTimeout(timer);
      resolve(result);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      stdoutText += chunk.toString('utf8');
      if (stdoutText.includes(readyLine)) settle('ready');
    });
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    // 'close' (not 'exit'): the streams are drained, so the EADDRINUSE text has arrived.
    child.on('close', () => settle(text.includes('EADDRINUSE') ? 'port-taken' : 'exited'));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const group = child.pid;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(group), 5_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    }
    return exited;
  };
  return { cli: { baseURL, child, output: () => text, stop }, outcome };
}

/**
 * Runs `node bin/mgmt-kit.js <args> --port <port>` and resolves once the child prints
 * `ready on <its url>` and that URL answers. If the child dies of EADDRINUSE (the port was taken
 * after it was picked), it retries on a new port, up to 3 attempts within `waitMs` in total.
 */
export async function startCliForTests(args: string[], options: StartCliOptions = {}): Promise<RunningCli> {
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  const pickPort = options.pickPort ?? findFreePort;
  const failures: string[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const { cli, outcome } = spawnAttempt(args, await pickPort(), deadline);
    let result = await outcome;
    // The line says our child holds the port; one probe confirms it also answers HTTP.
    if (result === 'ready') {
      while (!(await answers(`${cli.baseURL}/`))) {
        if (cli.child.exitCode !== null || Date.now() > deadline) {
          result = cli.child.exitCode === null ? 'timed-out' : 'exited';
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      if (result === 'ready') return cli;
    }
    await cli.stop();
    failures.push(`attempt ${attempt} on ${cli.baseURL}: ${result}\n${cli.output()}`);
    if (result !== 'port-taken') break;
  }
  throw new Error(`mgmt-kit ${args.join(' ')} did not get ready:\n${failures.join('\n')}`);
}
