// Test support: `mgmt-kit serve …` as a real child process, resolved once its banner is printed
// (the banner holds the real URL of `--port 0`, so no port is guessed). Every child is killed
// when the test file ends, even after a failed assertion.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const children = new Set<ChildProcessWithoutNullStreams>();
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** A started `mgmt-kit serve`. */
export interface ServeProcess {
  url: string;
  /** The printed token; undefined with --no-auth. */
  token: string | undefined;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM; resolves with the exit code once the output is complete. */
  stop(): Promise<number | null>;
}

/** Spawns `mgmt-kit serve <args>` (add `--port 0`) with an empty JWT_SECRET and PORT, and waits up to 20 s for the banner. */
export function startServe(args: string[]): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...process.env, JWT_SECRET: '', PORT: '' } });
  children.add(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const stop = (): Promise<number | null> =>
    new Promise((resolve) => {
      // Already gone (maybe killed by the after hook above): 'close' will not come again.
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('close', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 20 s:\n${out}`)), 20_000);
    const onExit = (code: number | null) => reject(new Error(`serve exited ${code} before the banner:\n${out}`));
    child.on('exit', onExit);
    child.stdout.on('data', function check() {
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || !/ cors: /.test(out)) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout.off('data', check);
      resolve({ url, token: /token: (\S+)/.exec(out)?.[1], output: () => out, stop });
    });
  });
}
