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

/** Resident set size of a process in bytes (Linux /proc, else `ps`). */
export function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}
