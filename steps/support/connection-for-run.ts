import type { AxiosInstance } from 'axios';
import { axiosForConnection } from '../../src/connection/axios-for-connection.js';
import { remoteCoordinator } from '../../src/connection/connection-broker.js';
import type { ConnectionSettings } from '../../src/connection/connection-settings.js';
import { openConnection, type ConnectionSession } from '../../src/connection/open-connection.js';
import type { KitParameters } from '../../src/conformance/kit-parameters.js';

/** The default time per call of a conformance step (`--timeout`). */
export const STEP_CALL_TIMEOUT_MS = 15_000;

/** A run's connection in this process, and the axios instance the client and raw requests send through. */
export interface RunConnection {
  session: ConnectionSession;
  http: AxiosInstance;
}

// One connection per process and run (its agents keep their sockets between scenarios); a
// worker opens its own, reaching the run's coordinator over loopback when the run shares one.
const open = new Map<string, RunConnection & { close(): void }>();

/** The connection settings the world parameters describe. */
export function settingsOf(params: KitParameters): ConnectionSettings {
  const connection = params.connection ?? { headers: [], tls: {}, proxy: {}, retryThrottled: 0 };
  return {
    baseUrl: params.baseUrl,
    auth: {
      scheme: params.authScheme ?? 'Bearer',
      ...(params.token !== undefined ? { token: params.token } : {}),
      ...(params.jwtSecret !== undefined ? { jwtSecret: params.jwtSecret } : {}),
      ...(params.jwtClaims !== undefined ? { jwtClaims: params.jwtClaims } : {}),
      ...(connection.tokenCommand !== undefined ? { tokenCommand: connection.tokenCommand } : {}),
    },
    headers: connection.headers,
    tls: connection.tls,
    proxy: connection.proxy,
    ...(connection.rate !== undefined ? { rate: connection.rate } : {}),
    timeoutMs: params.timeoutMs ?? STEP_CALL_TIMEOUT_MS,
    retryThrottled: connection.retryThrottled,
  };
}

/** The connection of the run these parameters belong to, opened on first use in this process. */
export function connectionForRun(params: KitParameters): RunConnection {
  const key = JSON.stringify([params.runPrefix, settingsOf(params), params.connection?.broker]);
  let found = open.get(key);
  if (!found) {
    const broker = params.connection?.broker;
    const coordinator = broker ? remoteCoordinator(broker) : undefined;
    const session = openConnection(settingsOf(params), { coordinator });
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
