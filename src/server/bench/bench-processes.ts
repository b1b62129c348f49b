import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** A server the benchmark started in its own process, so that it never shares a thread with autocannon. */
export interface ChildServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the ready line. */
  startMs: number;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` and resolves once its output matches `ready` (group 1 = the base URL).
 * Rejects with the output when the process exits first or `waitMs` passes.
 */
export function startChildServer(args: string[], ready: RegExp, waitMs = 60_000): Promise<ChildServer> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`not ready after ${waitMs} ms`), waitMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`node ${args.join(' ')}: ${why}\n${text}`)));
    };
    let isReady = false;
    const append = (chunk: Buffer) => {
      // The pipes are read to the end (a full pipe would block a child that logs); the text is capped.
      if (text.length < 1_000_000) text += chunk.toString('utf8');
    };
    child.stderr.on('data', append);
    child.stdout.on('data', (chunk: Buffer) => {
      append(chunk);
      const match = isReady ? null : ready.exec(text);
      if (!match?.[1]) return;
      isReady = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ url: match[1], pid: child.pid!, startMs: performance.now() - started, output: () => text, stop });
    });
    const onExit = (code: number | null) => fail(`exited with ${code} before it was ready`);
    child.on('exit', onExit);
  });
}

function readProcStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined; // not Linux
  }
}

/** Resident set size of a process in bytes (Linux /proc, else `ps`). */
export function readRss(pid: number): number {
  return readProcStatus(pid, 'VmRSS') ?? Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/** The highest RSS the process has had, in bytes (Linux `VmHWM`); undefined elsewhere. */
export function readPeakRss(pid: number): number | undefined {
  return readProcStatus(pid, 'VmHWM');
}

/**
 * CPU time (user + system) a process has used, in milliseconds, from Linux /proc/<pid>/stat
 * (clock ticks of USER_HZ = 100, the value on every common Linux build); undefined elsewhere.
 */
export function readCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    if (!fields) return undefined;
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const BIN = fileURLToPath(new URL('../../../bin/mgmt-kit.js', import.meta.url));
// The ceiling entry of this build: dist/server/bench/ceiling-main.js beside the compiled benchmark, or
// the .ts file when the benchmark itself runs from src/ under tsx (in a clone).
const FROM_SOURCE = extname(fileURLToPath(import.meta.url)) === '.ts';
const CEILING_MAIN = fileURLToPath(new URL(`./ceiling-main${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url));

/** `mgmt-kit serve` as users run it, on a free loopback port, quiet (no log line per request). */
export function startReferenceProcess(secret: string, seedFile: string | undefined, empty = false): Promise<ChildServer> {
  const args = [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--jwt-secret', secret];
  if (seedFile !== undefined) args.push('--seed', seedFile);
  if (empty) args.push('--empty');
  return startChildServer(args, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 180_000);
}

/** The bare node:http ceiling in its own process. */
export function startCeilingProcess(): Promise<ChildServer> {
  // From src/ the child needs the tsx loader, by URL so that it is found wherever the bench runs.
  const loader = FROM_SOURCE ? ['--import', import.meta.resolve('tsx')] : [];
  return startChildServer([...loader, CEILING_MAIN], /ready on (http:\/\/127\.0\.0\.1:\d+)/);
}

/** A port that was free a moment ago: Prism takes its port from the command line, not from the system. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `mgmt-kit mock` (Prism) as users run it, on a free loopback port. Its ready line comes after
 * Prism's own listen, so the port is Prism's once it appears; Prism needs a few seconds for it.
 */
export async function startPrismProcess(): Promise<ChildServer> {
  const port = await findFreePort();
  return startChildServer([BIN, 'mock', '--port', String(port), '--host', '127.0.0.1'], /ready on (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
}

/** The status of one GET on its own connection; 0 while nothing answers. */
export function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { headers, timeout: 10_000, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** Polls a GET until it answers 200 (Prism needs a few seconds for its first answer); throws after `waitMs`. */
export async function waitForAnswer(url: string, headers: Record<string, string>, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  let status = 0;
  while (Date.now() < deadline) {
    status = await statusOf(url, headers);
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${waitMs} ms (last status ${status})`);
}
