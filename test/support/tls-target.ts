// Test helper (not a test): the reference server behind HTTPS on loopback — optionally asking
// for a client certificate (mutual TLS) — that notes the headers of every request it answered.
import { createServer } from 'node:https';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import { createReferenceCore, createRequestListener, DEFAULT_BODY_LIMIT, generateSecret } from '../../src/server/index.js';
import type { TestCertificates } from './make-certificates.js';

/** A listening HTTPS reference server. */
export interface TlsTarget {
  url: string;
  secret: string;
  /** Headers of every request that reached the service (after the handshake). */
  readonly seen: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts it on a free port of 127.0.0.1 with the test CA's server certificate. */
export async function startTlsTarget(certs: TestCertificates, options: { requireClientCert: boolean }): Promise<TlsTarget> {
  const secret = generateSecret();
  const listener = createRequestListener(createReferenceCore({ auth: { secret } }), { bodyLimit: DEFAULT_BODY_LIMIT });
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer(
    {
      cert: readFileSync(certs.serverCert),
      key: readFileSync(certs.serverKey),
      ca: readFileSync(certs.caCert),
      requestCert: options.requireClientCert,
      rejectUnauthorized: options.requireClientCert,
    },
    (req, res) => {
      seen.push(req.headers);
      void listener(req, res);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secret,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
