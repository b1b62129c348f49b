import { ConnectionFailure } from '../connection/connection-failure.js';
import type { ConnectionSession } from '../connection/open-connection.js';
import { findNothingServed } from './find-nothing-served.js';

/** The path of the pre-flight read: the smallest index, which the service starts with (§2.2). */
export const PREFLIGHT_PATH = '/type/network-link';

/** Why `--base-url` is not something the suite can talk to, or undefined when it is an http(s) URL. */
export function findBaseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `--base-url "${baseUrl}" is not a URL (expected e.g. https://mgmt.example.net)`;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `--base-url "${baseUrl}" must be an http:// or https:// URL`;
}

/** What to do about a failed TLS handshake, from the error code OpenSSL and Node give. */
function tlsAdvice(failure: ConnectionFailure, session: ConnectionSession): string {
  const code = failure.code ?? '';
  const { tls } = session.settings;
  // A reset right after the handshake is how a TLS 1.3 server's refusal often arrives (send-once.ts): likely, not certain.
  const alert = /CERT_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN/.test(code) || /alert (certificate required|handshake failure|bad certificate|unknown ca)/i.test(failure.message);
  if (alert || code === 'ECONNRESET') {
    const the = alert ? 'The' : 'Likely the';
    return tls.clientCert
      ? `${the} server refused the client certificate --client-cert ${tls.clientCert.file}: check that it is signed by a CA the server trusts and not expired.`
      : `${the} server wants a client certificate (mutual TLS): pass --client-cert FILE and --client-key FILE.`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return "The server's certificate is not made out for this host name: use the name it is made out for in --base-url.";
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') return "The server's certificate is outside its validity period.";
  return `The server's certificate is not signed by a CA this run trusts: pass that CA with --ca FILE (or NODE_EXTRA_CA_CERTS=FILE)${tls.ca ? `; --ca ${tls.ca.file} is not it` : ''}.`;
}

/** The pre-flight's one line for a request that got no answer, starting with the part at fault (URL, TLS, proxy, token, header). */
function explainFailure(failure: ConnectionFailure, session: ConnectionSession): string {
  switch (failure.kind) {
    case 'token':
      return `token: ${failure.message}. Check --token-command (or TOKEN_COMMAND): run it in a shell, it must print the token alone.`;
    case 'tls':
      return `TLS: ${failure.message}. ${tlsAdvice(failure, session)}`;
    case 'proxy':
      return `proxy: ${failure.message}. Check HTTPS_PROXY / HTTP_PROXY (credentials as http://user:password@host:port), or name the target in NO_PROXY to reach it directly.`;
    case 'throttled':
      return `${failure.message}.`;
    case 'timeout':
      return `URL: cannot reach the target: ${failure.message}. Check the URL (--base-url / BASE_URL) and that the service is up and reachable from here, or allow more with --timeout.`;
    default:
      return `URL: cannot reach the target: ${failure.message}. Check the URL (--base-url / BASE_URL) and that the service is up and reachable from here.`;
  }
}

/**
 * The pre-flight of a run (conformance, fuzz, capture): obtains the run's token (so a failing
 * `--token-command` stops the run here), then sends one plain read (`GET /type/network-link`,
 * no body) the way every later request goes — headers, TLS, proxy, pace. Resolves to one line
 * naming which part is at fault — the URL, TLS, the proxy, the token or the headers — and what to
 * check — also when a 404 without the service's envelope says nothing of the service is served at
 * the URL's path (find-nothing-served.ts); undefined when the target answered anything else (the
 * run judges the rest).
 */
export async function checkTarget(session: ConnectionSession): Promise<string | undefined> {
  const url = session.url(PREFLIGHT_PATH).href;
  let token: string | undefined;
  let answer: { status: number; body: Buffer };
  try {
    token = await session.token();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token !== undefined) headers['authorization'] = session.authorization(token);
    answer = await session.send({ method: 'GET', path: PREFLIGHT_PATH, headers });
  } catch (error) {
    if (error instanceof ConnectionFailure) return explainFailure(error, session);
    throw error;
  }
  const nothingServed = findNothingServed(url, answer);
  if (nothingServed !== undefined) return `URL: ${nothingServed}`;
  const { status } = answer;
  const names = session.settings.headers.map((h) => h.name);
  if (status === 407) return `proxy: GET ${url} answered 407 (the proxy wants credentials). Put them in HTTP_PROXY / HTTPS_PROXY: http://user:password@host:port.`;
  if (status === 431) return `header: GET ${url} answered 431 (request headers too large): check --header ${names.join(', ') || '(none given)'}.`;
  if (status !== 401 && status !== 403) return undefined;
  const scheme = session.settings.auth.scheme;
  const sent = token === undefined ? 'no Authorization header (no --token, --token-command or --jwt-secret)' : `Authorization: ${scheme === '' ? '<token>' : `${scheme} <token>`}`;
  const headerNote = names.length > 0 ? ` A gateway refuses a missing or wrong key the same way: check --header ${names.join(', ')} too.` : '';
  return (
    `token: the target refused the token: GET ${url} with ${sent} answered ${status}. ` +
    `Check --token / TOKEN (or --token-command, or --jwt-secret and --jwt-claims for a minted token) and --auth-scheme (the word before the token).${headerNote}`
  );
}
