import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { holdToken, type TokenProvider } from '../client/index.js';
import { mintToken } from '../contract/tokens/index.js';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { AuthSettings, ConnectionSettings } from './connection-settings.js';

/** What every request of a run shares, whichever process sends it: cap, rate and token; workers reach it over a local socket. */
export interface RunCoordinator {
  /** Waits for a free connection and the rate's room; the release to call once the answer ended, or undefined at `until`. */
  permit(until?: number): Promise<(() => void) | undefined>;
  /** The run's token; with `stale`, the target answered 401 to it: a newer one, or undefined when none can come. */
  token(stale?: string): Promise<string | undefined>;
  /** Whether a 401 to the run's token is worth asking again (a command or a secret, not a fixed token). */
  readonly refreshable: boolean;
}

/** One second and 10 ms: a target stamps arrivals in whole milliseconds, so two exactly 1 s apart may read 999 ms. */
export const RATE_WINDOW_MS = 1010;
/**
 * At most `maxConnections` requests in flight and `rate` in any second as the target sees them: a request counts from its permit
 * to {@link RATE_WINDOW_MS} after its answer ended (a monotonic sub-ms clock), as the target got it somewhere in between.
 */
export function createRequestGate(maxConnections: number, rate?: number, now = () => performance.now()) {
  let inFlight = 0;
  const ended: number[] = [];
  const waiting: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    clearTimeout(timer);
    while (ended.length > 0 && ended[0]! <= now() - RATE_WINDOW_MS) ended.shift();
    while (waiting.length > 0 && inFlight < maxConnections) {
      if (rate !== undefined && inFlight + ended.length >= rate) {
        // Full: the next room comes when the oldest answer leaves the window, or at a release.
        if (ended.length > 0) timer = setTimeout(pump, ended[0]! + RATE_WINDOW_MS + 1 - now());
        return;
      }
      inFlight++;
      waiting.shift()!();
    }
  };
  const permit = (until?: number) =>
    new Promise<(() => void) | undefined>((resolve) => {
      const go = () => {
        clearTimeout(expiry);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          inFlight--;
          if (rate !== undefined) ended.push(now());
          pump();
        });
      };
      const giveUp = () => {
        const at = waiting.indexOf(go);
        if (at < 0) return;
        waiting.splice(at, 1);
        resolve(undefined);
      };
      const expiry = until === undefined ? undefined : setTimeout(giveUp, Math.max(0, until - Date.now()));
      waiting.push(go);
      pump();
    });
  return { permit };
}

/** The coordinator of a run, in this process; `source` replaces the settings' token (tests). */
export function createRunCoordinator(settings: ConnectionSettings, source = tokenSourceOf(settings.auth)): RunCoordinator {
  const tokens = holdToken(source);
  return {
    permit: createRequestGate(settings.maxConnections, settings.rate).permit,
    token: (stale) => (stale === undefined ? tokens.current() : tokens.renewAfter401(stale)),
    refreshable: typeof source === 'function',
  };
}

/** The run's token for holdToken: the fixed `--token` (which wins, as the flags document), `--token-command`, or minted from `--jwt-secret`. */
function tokenSourceOf(auth: AuthSettings): string | TokenProvider | undefined {
  if (auth.token !== undefined) return auth.token;
  const { tokenCommand, jwtSecret } = auth;
  if (tokenCommand !== undefined) return () => runTokenCommand(tokenCommand);
  if (jwtSecret !== undefined) return () => mintToken({ secret: jwtSecret, claims: auth.jwtClaims, expiresIn: '1h' });
  return undefined;
}

const [TOKEN_COMMAND_TIMEOUT_MS, MAX_OUTPUT] = [30_000, 64 * 1024];

/**
 * Runs `--token-command` with the shell and resolves to its trimmed standard output. Rejects with a one-line
 * `token` failure when it exits non-zero (with the last line of its stderr, usually the reason), prints nothing,
 * `null` or more than one word, or takes longer than 30 s. The token itself never appears in a message.
 */
function runTokenCommand(command: string): Promise<string> {
  const fail = (message: string) => new ConnectionFailure('token', `--token-command ${message}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out = (out + chunk).slice(0, MAX_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err = (err + chunk).slice(-MAX_OUTPUT)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(fail(`did not finish within ${TOKEN_COMMAND_TIMEOUT_MS / 1000} s`));
    }, TOKEN_COMMAND_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(fail(`could not be started (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = /[^\n]*$/.exec(err.trim())![0].trim();
      const why = line === '' ? '' : `: ${line.length > 200 ? `${line.slice(0, 197)}...` : line}`;
      if (code !== 0) return reject(fail(`failed (${code === null ? `killed by ${signal}` : `exit ${code}`})${why}`));
      const token = out.trim();
      // `jq -r` prints null for a missing field, a script undefined.
      if (['', 'null', 'undefined'].includes(token)) return reject(fail(`printed ${token || 'nothing'}: it must print the token alone on standard output`));
      const words = token.split(/\s+/).length;
      if (words > 1) return reject(fail(`printed more than the token (${words} words): it must print the token alone, e.g. end it with | jq -r .access_token`));
      resolve(token);
    });
  });
}

/** Where the processes of a run find its coordinator: a local socket and the key it asks for. */
export type BrokerAddress = { path: string; key: string; refreshable: boolean };

type Message = Record<string, unknown>;

/** Calls `onMessage` with every JSON line the socket brings; a line that is not JSON ends the socket. */
function readLines(socket: Socket, onMessage: (message: Message) => void): void {
  let rest = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = `${rest}${chunk}`.split('\n');
    rest = lines.pop() ?? '';
    try {
      for (const line of lines) if (line !== '') onMessage(JSON.parse(line) as Message);
    } catch {
      socket.destroy();
    }
  });
}

const send = (socket: Socket, message: Message) => socket.writable && socket.write(`${JSON.stringify(message)}\n`);

/**
 * Serves a run's coordinator to its `--parallel` workers in JSON lines on one socket each (two per request, far
 * cheaper than HTTP): after `{key}`, `{n, op: 'permit', until}` is answered `{n, id}` once its request may go (`id:
 * null` at `until`), `{op: 'release', id}` frees it, `{n, op: 'token', stale}` is answered `{n, token}`. A socket's
 * permits are freed when it closes: a worker that dies holds no connection of the run.
 */
export async function startConnectionBroker(coordinator: RunCoordinator): Promise<BrokerAddress & { close(): Promise<void> }> {
  const key = randomBytes(16).toString('hex');
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const held = new Map<string, () => void>();
    let next = 0;
    let trusted = false;
    const releaseAll = () => {
      for (const release of held.values()) release();
      held.clear();
      sockets.delete(socket);
    };
    socket.on('close', releaseAll).on('error', () => socket.destroy());
    readLines(socket, (message) => {
      if (!trusted) {
        trusted = message['key'] === key;
        if (!trusted) socket.destroy();
        return;
      }
      const { n, op } = message;
      if (op === 'release') {
        held.get(String(message['id']))?.();
        held.delete(String(message['id']));
      } else if (op === 'permit') {
        void coordinator.permit(typeof message['until'] === 'number' ? message['until'] : undefined).then((release) => {
          if (release && socket.destroyed) return release();
          const id = release ? String(next++) : null;
          if (release && id !== null) held.set(id, release);
          send(socket, { n, id });
        });
      } else {
        coordinator.token(typeof message['stale'] === 'string' ? message['stale'] : undefined).then(
          (token) => send(socket, { n, token: token ?? null }),
          (error: Partial<ConnectionFailure>) => send(socket, { n, error: error.message ?? String(error), kind: error.kind ?? 'token' }),
        );
      }
    });
  });
  // A Unix socket (abstract on Linux: no file left behind), a named pipe on Windows: a line costs both ends less than over TCP.
  const path = { linux: `\0mgmt-kit-${key}`, win32: `\\\\.\\pipe\\mgmt-kit-${key}` }[process.platform as string] ?? `/tmp/mgmt-kit-${key.slice(0, 16)}.sock`;
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    path,
    key,
    refreshable: coordinator.refreshable,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The coordinator of a run as another process of it reaches it (a conformance worker); `close` lets its last releases go first. */
export function remoteCoordinator(address: BrokerAddress): RunCoordinator & { close(): Promise<void> } {
  const socket = connect(address.path);
  const waiting = new Map<number, { resolve(message: Message): void; reject(error: Error): void }>();
  let next = 0;
  send(socket, { key: address.key });
  readLines(socket, (message) => {
    const n = Number(message['n']);
    waiting.get(n)?.resolve(message);
    waiting.delete(n);
  });
  let gone = 'the connection closed';
  socket
    .on('error', (error) => (gone = error.message))
    .on('close', () => {
      for (const call of waiting.values()) call.reject(new ConnectionFailure('url', `the run's coordinator is gone (${gone})`));
      waiting.clear();
    });
  const call = (message: Message) =>
    new Promise<Message>((resolve, reject) => {
      if (socket.destroyed) return reject(new ConnectionFailure('url', `the run's coordinator is gone (${gone})`));
      const n = next++;
      waiting.set(n, { resolve, reject });
      send(socket, { ...message, n });
    });
  return {
    permit: async (until) => {
      const { id } = await call({ op: 'permit', until });
      return typeof id === 'string' ? () => void send(socket, { op: 'release', id }) : undefined;
    },
    token: async (stale) => {
      const answer = await call({ op: 'token', stale });
      if (typeof answer['error'] === 'string') throw new ConnectionFailure((answer['kind'] as FailureKind | undefined) ?? 'token', answer['error']);
      return typeof answer['token'] === 'string' ? answer['token'] : undefined;
    },
    refreshable: address.refreshable,
    // Written lines leave before the end of the socket; the run's end frees whatever is left.
    close: () => new Promise<void>((resolve) => (socket.destroyed ? resolve() : void socket.once('close', () => resolve()).end())),
  };
}
