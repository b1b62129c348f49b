import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceCore, createRequestListener, DEFAULT_BODY_LIMIT, generateSecret } from '../../src/server/index.js';
import type { BrokenVariant } from './broken-variants.js';
import { mintToken } from '../../src/contract/tokens/index.js';

/** A listening server for the self-check, with the secret it verifies tokens with. */
export interface VariantServer {
  url: string;
  secret: string;
  close(): Promise<void>;
}

/**
 * Serves the reference core over node:http — faithful when `variant` is undefined, else with the
 * variant's fault wrapped around `handle` — on a free port with a fresh secret. The reference
 * server's own request listener is reused, so the only difference is the injected fault.
 */
export async function startVariantServer(variant?: BrokenVariant): Promise<VariantServer> {
  const secret = generateSecret();
  const core = createReferenceCore({ auth: { secret }, ...variant?.coreOptions });
  const validToken = await mintToken({ secret, expiresIn: '1h' });
  const handle = variant ? variant.wrap((request) => core.handle(request), { validToken, store: core.store }) : core.handle.bind(core);
  const listener = createRequestListener({ handle }, { bodyLimit: DEFAULT_BODY_LIMIT });
  const server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
