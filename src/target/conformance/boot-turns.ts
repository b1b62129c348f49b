import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * Turns at loading the steps, for the `--parallel` workers of a run. Six workers that load
 * cucumber, the steps and their packages all at once on two processors are all ready after about
 * four seconds, and no scenario starts before; taking turns, as many at once as the machine has
 * processors, the first two are ready in about half that time and start sending while the others
 * load. The runner serves the turns on loopback and names them to its workers in this variable.
 */
export const BOOT_TURNS_ENV = 'MGMT_KIT_BOOT_TURNS';

/** A worker that waited this long for its turn loads anyway: the turns order the loading, they never hold a run. */
const LONGEST_WAIT_MS = 10_000;

/**
 * Serves `turns` turns at once, in the order they are asked for. A worker asks by connecting and
 * writing the key on a line; `go` answers it when its turn comes; its turn ends when its socket
 * closes, so a worker that dies while loading frees it too.
 */
export async function startBootTurns(turns: number): Promise<{ value: string; close(): Promise<void> }> {
  const key = randomBytes(16).toString('hex');
  // The run's request gate, with no rate: a turn is a permit, FIFO like the connection cap's. Imported here, not
  // above: a worker imports this module for takeBootTurn before its turn, and needs none of the connection.
  const { createRequestGate } = await import('../../connection/run-coordinator.js');
  const gate = createRequestGate(turns);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    let asked = '';
    sockets.add(socket);
    socket.setEncoding('utf8').on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk: string) => {
      if (asked.includes('\n')) return;
      asked += chunk;
      if (!asked.includes('\n')) return void (asked.length > key.length + 1 && socket.destroy());
      if (asked.trim() !== key) return void socket.destroy();
      // A worker gone while it waited gets its turn and hands it straight on.
      void gate.permit().then((release) => {
        if (socket.destroyed) return release?.();
        socket.once('close', () => release?.());
        socket.write('go\n');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    value: `${(server.address() as AddressInfo).port}:${key}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Waits for this process's turn when `value` (the variable's) names the runner's turns, and
 * resolves to the function that ends it. Without the variable, when the runner cannot be reached
 * or after {@link LONGEST_WAIT_MS}, it resolves at once to a function that does nothing more.
 */
export function takeBootTurn(value: string | undefined, longestWaitMs = LONGEST_WAIT_MS): Promise<() => void> {
  const [, port, key] = /^(\d+):([0-9a-f]+)$/.exec(value ?? '') ?? [];
  if (port === undefined || key === undefined) return Promise.resolve(() => undefined);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const end = () => void socket.destroy();
    // Once granted, the turn does not keep the process alive: it ends when the process does.
    const go = () => {
      clearTimeout(timer);
      socket.unref();
      resolve(end);
    };
    const timer = setTimeout(go, longestWaitMs);
    socket.setEncoding('utf8').write(`${key}\n`);
    socket.on('data', (chunk: string) => chunk.includes('go') && go());
    socket.on('error', go).on('close', go);
  });
}
