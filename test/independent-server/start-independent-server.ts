import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The independent implementation, run as a child process (it uses node built-ins only). */
export const INDEPENDENT_SERVER_PATH = fileURLToPath(new URL('./server.mjs', import.meta.url));

/** A running independent server, with the secret it verifies tokens with. */
export interface IndependentServer {
  url: string;
  secret: string;
  /** The switches it runs with: those asked for, plus those a random faithful seed picked. */
  switches: readonly string[];
  /** What the server wrote to stdout and stderr so far (shown when a case fails). */
  log(): string;
  close(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 10_000;

/**
 * Starts test/independent-server/server.mjs on a free port (PORT=0) with a fresh secret and the
 * given deviations (VARIANTS), and resolves once it prints `listening on 127.0.0.1:<port>`.
 *
 * @example const server = await startIndependentServer(['const-id']); … await server.close();
 */
export async function startIndependentServer(
  variants: readonly string[] = [],
  // latencyMs: every answer that much later (LATENCY_MS); backlog: the accept queue's length (BACKLOG).
  options: { randomFaithful?: number; latencyMs?: number; backlog?: number } = {},
): Promise<IndependentServer> {
  const secret = randomBytes(32).toString('base64url');
  const randomFaithful = options.randomFaithful === undefined ? '' : String(options.randomFaithful);
  const switches = { LATENCY_MS: String(options.latencyMs ?? ''), BACKLOG: String(options.backlog ?? '') };
  const child = spawn(process.execPath, [INDEPENDENT_SERVER_PATH], {
    env: { ...process.env, PORT: '0', JWT_SECRET: secret, VARIANTS: variants.join(','), RANDOM_FAITHFUL: randomFaithful, ...switches },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = once(child, 'exit');

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`independent server did not start in ${STARTUP_TIMEOUT_MS} ms:\n${output}`)), STARTUP_TIMEOUT_MS);
    const onData = () => {
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    void exited.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`independent server exited (${String(code ?? signal)}) before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });

  // random faithful <seed>: a,b,c — the switches the seed picked (printed before listening).
  const picked = /^random faithful -?\d+: (.*)$/m.exec(output)?.[1];
  const randomSwitches = picked === undefined || picked === '(as written)' ? [] : picked.split(',');
  return { url: `http://127.0.0.1:${port}`, secret, switches: [...variants, ...randomSwitches], log: () => output, close };
}
