import { randomBytes } from 'node:crypto';
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { RunCoordinator } from './run-coordinator.js';

/** Where the processes of a run find its coordinator: a loopback URL and the key it asks for. */
export interface BrokerAddress {
  url: string;
  key: string;
  /** Whether the run's token can be renewed (see {@link RunCoordinator.refreshable}). */
  refreshable: boolean;
}

const KEY_HEADER = 'x-mgmt-kit-broker-key';

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}') as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Serves a run's coordinator on loopback, so the `--parallel` workers of a conformance run share
 * one pace and one token: `POST /slot {until}` answers when the next slot has come, `POST /token
 * {stale, force}` with the current token. Only callers that send the run's random key are served.
 */
export async function startConnectionBroker(coordinator: RunCoordinator): Promise<BrokerAddress & { close(): Promise<void> }> {
  const key = randomBytes(16).toString('hex');
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.headers[KEY_HEADER] !== key) return answer(res, 403, { error: 'not this run' });
    void readJson(req).then(async (body) => {
      try {
        if (req.url === '/slot') return answer(res, 200, { granted: await coordinator.slot(typeof body['until'] === 'number' ? body['until'] : undefined) });
        if (req.url === '/token') {
          const stale = typeof body['stale'] === 'string' ? body['stale'] : undefined;
          return answer(res, 200, { token: (await coordinator.token(stale, body['force'] === true)) ?? null });
        }
        return answer(res, 404, { error: 'unknown route' });
      } catch (error) {
        const failure = error instanceof ConnectionFailure ? error : new ConnectionFailure('token', String(error));
        return answer(res, 502, { error: failure.message, kind: failure.kind });
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    key,
    refreshable: coordinator.refreshable,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The coordinator of a run as another process of it reaches it (a conformance worker). */
export function remoteCoordinator(address: BrokerAddress): RunCoordinator & { close(): void } {
  const agent = new Agent({ keepAlive: true });
  const call = (path: string, body: unknown) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(
        `${address.url}${path}`,
        { method: 'POST', agent, headers: { [KEY_HEADER]: address.key, 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
            if (res.statusCode === 200) return resolve(parsed);
            reject(
              new ConnectionFailure(
                (parsed['kind'] as FailureKind | undefined) ?? 'token',
                String(parsed['error'] ?? `the run's coordinator answered ${res.statusCode}`),
              ),
            );
          });
        },
      );
      req.on('error', (error) => reject(new ConnectionFailure('url', `the run's coordinator is gone (${error.message})`)));
      req.end(JSON.stringify(body));
    });
  return {
    slot: async (until) => (await call('/slot', { until }))['granted'] === true,
    token: async (stale, force = false) => {
      const token = (await call('/token', { stale, force }))['token'];
      return typeof token === 'string' ? token : undefined;
    },
    refreshable: address.refreshable,
    close: () => agent.destroy(),
  };
}
