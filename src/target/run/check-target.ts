import { ConnectionFailure } from '../../connection/connection-failure.js';
import type { ConnectionSession } from '../../connection/open-connection.js';
import { INDEX_DEFINITIONS } from '../../server/core/index.js';

/** The path of the pre-flight read: the smallest index, which the service starts with (§2.2). */
export const PREFLIGHT_PATH = '/type/network-link';

/** What to do about a failed TLS handshake, from the error code OpenSSL and Node give. */
function tlsAdvice(failure: ConnectionFailure, session: ConnectionSession): string {
  const code = failure.code ?? '';
  const { tls } = session.settings;
  // OpenSSL read an HTTP answer where a TLS record belongs: the port speaks plain HTTP.
  if (/wrong version number|packet length too long|http request/i.test(failure.message)) {
    return 'The server answers plain HTTP on this port, not TLS: use http:// in --base-url (or the port that serves HTTPS).';
  }
  // A reset right after the handshake is how a TLS 1.3 server's refusal often arrives (send-once.ts): likely, not certain.
  const alert =
    /CERT_REQUIRED|HANDSHAKE_FAILURE|BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_UNKNOWN/.test(code) ||
    /alert (certificate required|handshake failure|bad certificate|unknown ca)/i.test(failure.message);
  if (alert || code === 'ECONNRESET') {
    const the = alert ? 'The' : 'Likely the';
    return tls.clientCert
      ? `${the} server refused the client certificate --client-cert ${tls.clientCert.file}: check that it is signed by a CA the server trusts and not expired.`
      : `${the} server wants a client certificate (mutual TLS): pass --client-cert FILE and --client-key FILE.`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return "The server's certificate is not made out for this host name: use the name it is made out for in --base-url.";
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
      // Node's HTTP parser failed on the first bytes: what answered does not speak plain HTTP (a TLS port, another protocol).
      if (/^HPE_/.test(failure.code ?? '') || /parse error/i.test(failure.message)) {
        return `URL: the answer is not HTTP: ${failure.message}. The port may serve TLS: try https:// in --base-url, or check the port.`;
      }
      return `URL: cannot reach the target: ${failure.message}. Check the URL (--base-url / BASE_URL) and that the service is up and reachable from here.`;
  }
}

/** True when `text` is the service's envelope (§4.1): items with a numeric code, as a list or one item. */
export function isEnvelope(text: string): boolean {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return false;
  }
  const first: unknown = Array.isArray(data) ? data[0] : data;
  return typeof first === 'object' && first !== null && typeof (first as { code?: unknown }).code === 'number';
}

/**
 * With `preloadCheck`: a base URL whose path prefix is wrong on a target that answers unknown
 * paths the service's way (a JSON 404 envelope), or a deployment without the two network link
 * types the description preloads (§2.2). The read of `/type/network-link` finds nothing (a 404
 * envelope, 204, or an empty list); when `/event` and `/catalog/agent` answer 404 too, no index is
 * served at this prefix at all. A 404 envelope is otherwise a faithful answer for an empty index,
 * so with `--no-preload-check` the run goes on.
 */
async function findWrongPrefix(session: ConnectionSession, url: string, answer: { status: number; text: string }): Promise<string | undefined> {
  const { text } = answer;
  if (answer.status === 404 && isEnvelope(text)) {
    const others = INDEX_DEFINITIONS.map((d) => d.basePath).filter((path) => path !== PREFLIGHT_PATH);
    const statuses = await Promise.all(
      others.map((path) =>
        session.send({ method: 'GET', path }).then(
          (a) => a.status,
          () => undefined,
        ),
      ),
    );
    // Something that speaks the service's language answers, but serves no index at this prefix.
    if (statuses.every((s) => s === 404))
      return (
        `URL: no index is served at this prefix: GET ${url} answered 404 with the service's envelope, and so did /event and /catalog/agent. ` +
        `Is the path prefix of --base-url / BASE_URL right (${session.url('').href})? The service's own paths follow it directly (a deployment whose indices are all empty, network link types included: pass --no-preload-check).`
      );
  } else {
    if (answer.status !== 200 && answer.status !== 204) return undefined;
    let data: unknown = [];
    try {
      data = answer.status === 204 || text.trim() === '' ? [] : JSON.parse(text);
    } catch {
      return undefined; // not JSON: the scenarios judge it
    }
    if (!Array.isArray(data) || data.length > 0) return undefined;
  }
  return (
    `URL: GET ${url} found no network link type, and the service description preloads two (§2.2). ` +
    `Is the path prefix of --base-url / BASE_URL right (${session.url('').href})? A deployment that really removed them: pass --no-preload-check.`
  );
}

/**
 * The one pre-flight of every command that talks to a target (conformance, fuzz, capture; each
 * stops with exit 2 on its line): obtains the run's token (so a failing `--token-command` stops
 * the run here), then sends one plain read (`GET /type/network-link`, no body) the way every later
 * request goes — headers, TLS, proxy, pace. Resolves to one line naming which part is at fault —
 * the URL, TLS, the proxy, the token or the headers — and what to check — also when nothing of the
 * service is served at the URL's path (a 404 without the service's envelope, or with
 * `preloadCheck`, default true, no preloaded network link type there); undefined when the target
 * answered anything else (the run judges the rest).
 */
export async function checkTarget(session: ConnectionSession, options: { preloadCheck?: boolean | undefined } = {}): Promise<string | undefined> {
  const url = session.url(PREFLIGHT_PATH).href;
  let token: string | undefined;
  let answer: { status: number; body: Buffer };
  try {
    token = await session.token();
    answer = await session.send({ method: 'GET', path: PREFLIGHT_PATH });
  } catch (error) {
    if (error instanceof ConnectionFailure) return explainFailure(error, session);
    throw error;
  }
  const { status } = answer;
  const text = answer.body.toString('utf8');
  // A 404 without the service's envelope: whatever answered (a gateway, a web server, another app) serves nothing of the
  // service at this path, typically a wrong path prefix; every scenario would fail, so the run stops before the first one.
  // A 404 with the envelope is the service's own answer, which the suite judges.
  if (status === 404 && !isEnvelope(text))
    return (
      `URL: nothing is served at this path: GET ${url} answered 404 without the service's envelope (a list of items with status, code, error and message). ` +
      "Check the path in --base-url / BASE_URL: the service's own paths (/event, /type/network-link, /catalog/agent) follow it directly."
    );
  const names = session.settings.headers.map((h) => h.name);
  if (status === 407)
    return `proxy: GET ${url} answered 407 (the proxy wants credentials). Put them in HTTP_PROXY / HTTPS_PROXY: http://user:password@host:port.`;
  if (status === 431) return `header: GET ${url} answered 431 (request headers too large): check --header ${names.join(', ') || '(none given)'}.`;
  if (status !== 401 && status !== 403) return options.preloadCheck === false ? undefined : findWrongPrefix(session, url, { status, text });
  const scheme = session.settings.auth.scheme;
  const sent =
    token === undefined
      ? 'no Authorization header (no --token, --token-command or --jwt-secret)'
      : `Authorization: ${scheme === '' ? '<token>' : `${scheme} <token>`}`;
  const headerNote = names.length > 0 ? ` A gateway refuses a missing or wrong key the same way: check --header ${names.join(', ')} too.` : '';
  return (
    `token: the target refused the token: GET ${url} with ${sent} answered ${status}. ` +
    `Check --token / TOKEN (or --token-command, or --jwt-secret and --jwt-claims for a minted token) and --auth-scheme (the word before the token).${headerNote}`
  );
}
