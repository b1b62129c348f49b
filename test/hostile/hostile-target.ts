// Test helper (not a test file): one way to start each of our servers for the hostile-input suite,
// so the same cases run against the node:http reference server and the msw handlers.
import { mintToken } from '../../src/contract/tokens/mint-token.js';
import { sendRaw, type WireResponse } from '../support/test-server.js';
import { MSW_DROPS_GET_BODY } from '../support/msw-major.js';

/** A running server of ours, with a valid token and its secret; everything is checked through requests. */
export interface HostileTarget {
  name: string;
  url: string;
  secret: string;
  token: string;
  /** Sends raw bytes (any method, any headers); `token: null` sends no Authorization. */
  send(
    method: string,
    path: string,
    options?: { raw?: string | Buffer; json?: unknown; headers?: Record<string, string>; token?: string | null },
  ): Promise<WireResponse>;
  /** Unauthenticated pages that must stay open (spec and docs); none for msw. */
  openPages: string[];
  /** False where the server never sees a GET body: msw 3 keeps none in Node (test/support/msw-major.ts). */
  readsGetBody: boolean;
  close(): Promise<void>;
}

const SECRET = 'hostile-input-secret';

function sender(url: string, token: string): HostileTarget['send'] {
  return (method, path, options = {}) => {
    const body = options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers['authorization'] = `Bearer ${bearer}`;
    return sendRaw(url, method, path, body, { ...headers, ...options.headers });
  };
}

/** The node:http reference server on a free port. */
export async function startReferenceTarget(): Promise<HostileTarget> {
  const { startReferenceServer } = await import('../../src/server/start-reference-server.js');
  const server = await startReferenceServer({ port: 0, auth: { secret: SECRET } });
  const token = await mintToken({ secret: SECRET, expiresIn: '1h' });
  return {
    name: 'reference server (node:http)',
    url: server.url,
    secret: SECRET,
    token,
    send: sender(server.url, token),
    openPages: ['/openapi.yaml', '/openapi.json', '/docs'],
    readsGetBody: true,
    close: () => server.close(),
  };
}

/** The msw handlers behind msw/node's setupServer (requests over node:http are intercepted). */
export async function startMswTarget(): Promise<HostileTarget> {
  const { setupServer } = await import('msw/node');
  const { createHandlers } = await import('../../src/server/msw/create-handlers.js');
  const url = 'http://msw.hostile.test';
  const server = setupServer(...createHandlers({ baseUrl: url, auth: { secret: SECRET } }));
  server.listen({ onUnhandledRequest: 'error' });
  const token = await mintToken({ secret: SECRET, expiresIn: '1h' });
  return {
    name: 'msw handlers',
    url,
    secret: SECRET,
    token,
    send: sender(url, token),
    openPages: [],
    readsGetBody: !MSW_DROPS_GET_BODY,
    close: async () => server.close(),
  };
}
