import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
