import type { AxiosInstance } from 'axios';
import { axiosForConnection } from '../../src/connection/axios-for-connection.js';
import { remoteCoordinator } from '../../src/connection/connection-broker.js';
import { openConnection, type ConnectionSession } from '../../src/connection/open-connection.js';
import type { KitParameters } from '../../src/conformance/kit-parameters.js';

/** A run's connection in this process, and the axios instance the client and raw requests send through. */
export interface RunConnection {
  session: ConnectionSession;
  http: AxiosInstance;
}

// One connection per process and run (its agents keep their sockets between scenarios); a
// worker opens its own, reaching the run's coordinator over loopback when the run shares one.
const open = new Map<string, RunConnection & { close(): void }>();

/** The connection of the run these parameters belong to, opened on first use in this process. */
export function connectionForRun(params: KitParameters): RunConnection {
  const key = JSON.stringify([params.runPrefix, params.connection, params.broker]);
  let found = open.get(key);
  if (!found) {
    const coordinator = params.broker ? remoteCoordinator(params.broker) : undefined;
    const session = openConnection(params.connection, { coordinator });
    found = {
      session,
      http: axiosForConnection(session),
      close: () => {
        session.close();
        coordinator?.close();
      },
    };
    open.set(key, found);
  }
  return found;
}

/** Closes every connection this process opened (AfterAll), so no kept-alive socket holds it open. */
export function closeRunConnections(): void {
  for (const connection of open.values()) connection.close();
  open.clear();
}
