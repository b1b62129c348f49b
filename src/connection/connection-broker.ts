import { randomBytes } from 'node:crypto';
import { Agent, createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { Release, RunCoordinator } from './run-coordinator.js';

/** Where the processes of a run find its coordinator: a loopback URL and the key it asks for. */
export interface BrokerAddress {
  url: string;
  key: string;
  refreshable: boolean;
}

const KEY_HEADER = 'x-mgmt-kit-broker-key';
/** A worker's permit ends at the latest this long after its request's own time-out: a worker that died frees its connections. */
const LEASE_MARGIN_MS = 5_000;

const answer = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Serves a run's coordinator on loopback, so the `--parallel` workers of a conformance run share
 * one connection cap, one rate and one token: `POST /permit {until}` answers with a permit id once
 * the request may go (null when `until` came first), `POST /release {id}` frees it, `POST /token
 * {stale}` gives the token. Only callers that send the run's random key are served.
 */
export async function startConnectionBroker(coordinator: RunCoordinator, timeout: number): Promise<BrokerAddress & { close(): Promise<void> }> {
  const key = randomBytes(16).toString('hex');
  const permits = new Map<string, Release>();
  let next = 0;
  const route = async (path: string | undefined, body: Record<string, unknown>): Promise<unknown> => {
    if (path === '/permit') {
      const release = await coordinator.permit(typeof body['until'] === 'number' ? body['until'] : undefined);
      if (!release) return { id: null };
      const id = String(next++);
      const lease = setTimeout(() => permits.get(id)?.(), timeout + LEASE_MARGIN_MS);
      permits.set(id, () => {
        clearTimeout(lease);
        permits.delete(id);
        release();
      });
      return { id };
    }
    if (path === '/release') return void permits.get(String(body['id']))?.();
    if (path !== '/token') throw new Error(`unknown route ${path}`);
    return { token: (await coordinator.token(typeof body['stale'] === 'string' ? body['stale'] : undefined)) ?? null };
  };
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.headers[KEY_HEADER] !== key) return answer(res, 403, { error: 'not this run' });
    let text = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    req.on('end', () =>
      route(req.url, JSON.parse(text || '{}') as Record<string, unknown>).then(
        (body) => answer(res, 200, body ?? {}),
        (error: unknown) => {
          const failure = error instanceof ConnectionFailure ? error : new ConnectionFailure('token', String(error));
          answer(res, 502, { error: failure.message, kind: failure.kind });
        },
      ),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    key,
    refreshable: coordinator.refreshable,
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of permits.values()) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The coordinator of a run as another process of it reaches it (a conformance worker); `close` sends the releases still under way first. */
export function remoteCoordinator(address: BrokerAddress): RunCoordinator & { close(): Promise<void> } {
  const agent = new Agent({ keepAlive: true });
  const releasing = new Set<Promise<unknown>>();
  const call = (path: string, body: unknown) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const headers = { [KEY_HEADER]: address.key, 'content-type': 'application/json' };
      const req = request(`${address.url}${path}`, { method: 'POST', agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
          if (res.statusCode === 200) return resolve(parsed);
          const kind = (parsed['kind'] as FailureKind | undefined) ?? 'token';
          reject(new ConnectionFailure(kind, String(parsed['error'] ?? `the run's coordinator answered ${res.statusCode}`)));
        });
      });
      req.on('error', (error) => reject(new ConnectionFailure('url', `the run's coordinator is gone (${error.message})`)));
      req.end(JSON.stringify(body));
    });
  return {
    permit: async (until) => {
      const { id } = await call('/permit', { until });
      if (typeof id !== 'string') return undefined;
      return () => {
        const sent = call('/release', { id }).catch(() => undefined);
        releasing.add(sent);
        void sent.then(() => releasing.delete(sent));
      };
    },
    token: async (stale) => {
      const { token } = await call('/token', { stale });
      return typeof token === 'string' ? token : undefined;
    },
    refreshable: address.refreshable,
    close: async () => {
      await Promise.all(releasing);
      agent.destroy();
    },
  };
}
