import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How {@link runPrism} starts Prism and where it reports. */
export interface RunPrismOptions {
  /** Arguments after `prism` (see prism-args.ts). */
  args: string[];
  /** The URL Prism will listen on, printed once Prism says it is listening. */
  url: string;
  /** `mock` or `proxy`, for the messages. */
  label: string;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

const LISTENING = 'Prism is listening on';
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Runs the Prism CLI from node_modules as a child process with the current node, forwards
 * SIGINT/SIGTERM to it, and resolves to its exit code (128 + signal number when a signal ended
 * it, as shells report). Prism's output is passed through; a `mgmt-kit <label>: ready on <url>`
 * line follows Prism's own "listening" line so scripts can wait for it. Prism logs that line only
 * after its `server.listen` has resolved (prism-cli dist/util/createServer.js), so "ready" means
 * this Prism holds the port; when the port is taken Prism exits 1 and prints `EADDRINUSE`.
 */
export function runPrism(options: RunPrismOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let bin: string;
  try {
    bin = resolvePrismBin();
  } catch (error) {
    stderr.write(`mgmt-kit ${options.label}: cannot find @stoplight/prism-cli (${String(error)}); run npm install\n`);
    return Promise.resolve(1);
  }
  stdout.write(`mgmt-kit ${options.label}: starting Prism on ${options.url} (the first answer takes a few seconds)\n`);
  const child = spawn(process.execPath, [bin, ...options.args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const sawListening = createLineWatcher(LISTENING);
  child.stdout.setEncoding('utf8'); // a multi-byte character cut between chunks stays whole
  child.stdout.on('data', (chunk: string) => {
    stdout.write(chunk);
    // Whole lines only: a chunk boundary inside the phrase must not hide it.
    if (sawListening(chunk) !== undefined) stdout.write(`mgmt-kit ${options.label}: ready on ${options.url}\n`);
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.write(chunk));

  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = FORWARDED_SIGNALS.map((signal) => [signal, forward(signal)] as const);
  for (const [signal, handler] of handlers) process.on(signal, handler);

  return new Promise((resolve) => {
    const finish = (code: number) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      resolve(code);
    };
    child.on('error', (error) => {
      stderr.write(`mgmt-kit ${options.label}: could not start Prism: ${error.message}\n`);
      finish(1);
    });
    child.on('exit', (code, signal) => {
      finish(code ?? (signal === null ? 1 : 128 + (constants.signals[signal] ?? 0)));
    });
  });
}

/**
 * The absolute path of `@stoplight/prism-cli`'s `prism` script, read from its package.json `bin`
 * in node_modules (never `npx`, which could fetch another version from the registry).
 */
function resolvePrismBin(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.['prism'];
  if (bin === undefined) throw new Error(`@stoplight/prism-cli at ${manifestPath} declares no prism binary`);
  return join(dirname(manifestPath), bin);
}

/**
 * A watcher fed a child's output chunk by chunk that reports, once, the first complete line
 * containing `marker`. Pipes cut output anywhere, so a marker split across two chunks (or a line
 * not yet ended) must neither be missed nor reported early: only whole lines are searched.
 *
 * @example
 * const sawListening = createLineWatcher('Prism is listening on');
 * child.stdout.on('data', (chunk: string) => { const line = sawListening(chunk); if (line) announce(line); });
 */
export function createLineWatcher(marker: string): (chunk: string) => string | undefined {
  let pending = '';
  let found = false;
  return (chunk) => {
    if (found) return undefined;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    const line = lines.find((candidate) => candidate.includes(marker));
    if (line === undefined) return undefined;
    found = true;
    pending = '';
    return line.replace(/\r$/, '');
  };
}
