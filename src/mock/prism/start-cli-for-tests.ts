// Test support (not a test): starts `mgmt-kit <command>` as a child process in its own process
// group, waits until its port answers, and stops the whole group afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/mgmt-kit.js', import.meta.url));

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

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** A port that was free a moment ago (listen on 0, close). */
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

/** Runs `node bin/mgmt-kit.js <args> --port <free port>` and waits (up to `waitMs`) until it answers. */
export async function startCliForTests(args: string[], waitMs = 30_000): Promise<RunningCli> {
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [BIN, ...args, '--port', String(port)], { detached: true, stdio: 'pipe' });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
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
  const deadline = Date.now() + waitMs;
  while (!(await answers(`${baseURL}/`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`mgmt-kit ${args.join(' ')} did not answer on ${baseURL}:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, child, output: () => text, stop };
}
