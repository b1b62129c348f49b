import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceCore, type ReferenceCore, type ReferenceCoreOptions } from './core/index.js';
import { createRequestListener, type RequestLogEntry } from './node-http/create-request-listener.js';
import { attachDataFile, readDataFile, type AttachedDataFile, type DataFileOptions } from './data-file/data-file.js';
import { createDocsAssets } from './docs-pages/docs-assets.js';
import { answerClientError } from './node-http/answer-client-error.js';
import { DEFAULT_BODY_LIMIT } from './node-http/read-request-body.js';
import {
  ANY_ORIGIN,
  createFaultRules,
  createRequestJournal,
  createWaitSet,
  withMockControls,
  type CorsOptions,
  type MockControlOptions,
  type MockControlState,
} from './controls/index.js';
import { withAdminPage } from './admin-page/admin-page-assets.js';
import { withCors } from './node-http/with-cors.js';

/** x-decisions slow-clients: request headers must arrive within 10 s … */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** … and the whole request within 30 s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** Options of {@link startReferenceServer}: the core's and the mock controls (admin, delay), plus where to listen, the body limit and CORS. */
export interface ReferenceServerOptions extends ReferenceCoreOptions, MockControlOptions {
  /** TCP port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Bytes; default 1 MiB (x-decisions body-limit). */
  bodyLimit?: number;
  /** CORS for pages on other origins; default any origin (as `mgmt-kit serve`), `false` for none. */
  cors?: CorsOptions | false;
  /** With `admin`: how many answered requests `GET /__admin/requests` keeps (default 2000; 0 keeps none). */
  journalSize?: number;
  /** Time for a client to send its request headers; default 10 s (x-decisions slow-clients). */
  headersTimeoutMs?: number;
  /** Time for a client to send its whole request; default 30 s (x-decisions slow-clients). */
  requestTimeoutMs?: number;
  onRequest?: (entry: RequestLogEntry) => void;
  onError?: (error: unknown) => void;
  /**
   * Keep the state in this file (`--data`): loaded at start when it exists (it wins over
   * `initialState`), else created with the preload and seed; every change written back.
   */
  data?: DataFileOptions;
}

export interface RunningReferenceServer {
  /** Base URL with the real port, e.g. `http://127.0.0.1:43121`. */
  url: string;
  port: number;
  core: ReferenceCore;
  server: Server;
  /** The data file in use, with `data`. */
  data?: AttachedDataFile;
  /** With `admin`: the request journal and the fault rules the /__admin routes drive. */
  controls?: MockControlState;
  /**
   * Stops accepting, closes idle and open connections, writes the data file's last changes;
   * resolves when done, rejects when that last write fails.
   */
  close(): Promise<void>;
}

/**
 * Starts the reference server on node:http (`mgmt-kit serve`, `npm start`). A `data` file that
 * cannot be read, is not a valid state, or cannot be written is a thrown DataFileError, before
 * anything listens.
 *
 * @example
 * const server = await startReferenceServer({ port: 0, auth: false });
 * await fetch(`${server.url}/type/network-link`); // → 200, p2p and slice
 * await server.close();
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const saved = options.data ? readDataFile(options.data.file) : undefined;
  const core = createReferenceCore(saved ? { ...options, initialState: saved } : options);
  const data = options.data ? await attachDataFile(core, options.data, saved === undefined) : undefined;
  const waits = createWaitSet();
  const controls = options.admin ? { journal: createRequestJournal(options.journalSize), faults: createFaultRules() } : undefined;
  const listener = createRequestListener(
    { handle: withMockControls(core, { wait: waits.wait, ...options, ...controls }) },
    {
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      assets: options.admin ? withAdminPage(createDocsAssets()) : createDocsAssets(),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    },
  );
  const logPreflight = (path: string, durationMs: number) => options.onRequest?.({ method: 'OPTIONS', path, status: 204, durationMs });
  const served = options.cors === false ? listener : withCors(listener, options.cors ?? ANY_ORIGIN, logPreflight);
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  // node checks the time-outs every connectionsCheckingInterval (30 s by default), which would let
  // a slow client hold a connection far longer than the time-outs say.
  const connectionsCheckingInterval = Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4)));
  const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval }, (req, res) => void served(req, res));
  server.on('clientError', answerClientError);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    core,
    server,
    ...(data ? { data } : {}),
    ...(controls ? { controls } : {}),
    async close() {
      try {
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
          waits.cancelAll();
        });
      } finally {
        // After the server: no request can change the state once its last write starts.
        await data?.close();
      }
    },
  };
}
