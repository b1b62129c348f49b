import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { Release, RunCoordinator } from './run-coordinator.js';

/** Where the processes of a run find its coordinator: a loopback port and the key it asks for. */
export interface BrokerAddress {
  port: number;
  key: string;
  refreshable: boolean;
}

type Message = Record<string, unknown>;

/** Calls `onMessage` with every JSON line the socket brings; a line that is not JSON ends the socket. */
function readLines(socket: Socket, onMessage: (message: Message) => void): void {
  createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => {
    try {
      if (line !== '') onMessage(JSON.parse(line) as Message);
    } catch {
      socket.destroy();
    }
  });
}

const send = (socket: Socket, message: Message) => socket.writable && socket.write(`${JSON.stringify(message)}\n`);

/**
 * Serves a run's coordinator on loopback, so the `--parallel` workers of a conformance run share
 * one connection cap, one rate and one token. A worker keeps one socket open and speaks JSON lines
 * on it (two per request, far cheaper than HTTP): after `{key}`, `{n, op: 'permit', until}` is
 * answered `{n, id}` once its request may go (`id: null` when `until` came first), `{op: 'release',
 * id}` frees it, `{n, op: 'token', stale}` is answered `{n, token}`. The permits of a socket that
 * closes are freed with it: a worker that dies holds no connection of the run.
 */
export async function startConnectionBroker(coordinator: RunCoordinator): Promise<BrokerAddress & { close(): Promise<void> }> {
  const key = randomBytes(16).toString('hex');
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    // Answers are small lines written back to back (several permits at once): without this, Nagle
    // holds the second until the worker's delayed ACK, about 40 ms later on Linux.
    socket.setNoDelay(true);
    const held = new Map<string, Release>();
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
          (error: unknown) => {
            const failure = error instanceof ConnectionFailure ? error : new ConnectionFailure('token', String(error));
            send(socket, { n, error: failure.message, kind: failure.kind });
          },
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    key,
    refreshable: coordinator.refreshable,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The coordinator of a run as another process of it reaches it (a conformance worker); `close` lets its last releases go first. */
export function remoteCoordinator(address: BrokerAddress): RunCoordinator & { close(): Promise<void> } {
  const socket = connect(address.port, '127.0.0.1');
  const waiting = new Map<number, { resolve(message: Message): void; reject(error: Error): void }>();
  let next = 0;
  socket.setNoDelay(true);
  send(socket, { key: address.key });
  readLines(socket, (message) => {
    const n = Number(message['n']);
    waiting.get(n)?.resolve(message);
    waiting.delete(n);
  });
  let gone = 'the connection closed';
  socket.on('error', (error) => (gone = error.message));
  socket.on('close', () => {
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
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.destroyed) return resolve();
        socket.once('close', () => resolve()).end();
      }),
  };
}
