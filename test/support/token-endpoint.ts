// Test helper (not a test): an OAuth2 token endpoint on loopback (client-credentials grant,
// RFC 6749 section 4.4) that issues short-lived HS256 tokens, signed with the secret the target
// verifies with — the identity provider of a deployment, as --token-command meets it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

/** A listening token endpoint. */
export interface TokenEndpoint {
  /** POST here: `grant_type=client_credentials&client_id=…&client_secret=…`. */
  url: string;
  /** Tokens issued so far. */
  readonly issued: number;
  close(): Promise<void>;
}

/** Starts it on a free port; every token lives `lifetimeSeconds` and names `clientId` as subject. */
export async function startTokenEndpoint(options: { secret: string; clientId: string; clientSecret: string; lifetimeSeconds: number }): Promise<TokenEndpoint> {
  let issued = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const json = (status: number, value: object) =>
        res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(value));
      if (req.method !== 'POST' || form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
      if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret) return json(401, { error: 'invalid_client' });
      const now = Math.floor(Date.now() / 1000);
      void new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(options.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + options.lifetimeSeconds)
        .sign(new TextEncoder().encode(options.secret))
        .then((token) => {
          issued++;
          json(200, { access_token: token, token_type: 'Bearer', expires_in: options.lifetimeSeconds });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`,
    get issued() {
      return issued;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
