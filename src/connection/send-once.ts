import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { normaliseHeaders } from '../client/index.js';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { ConnectionSettings } from './connection-settings.js';
import { proxyFor, showProxy } from './proxy-route.js';

/**
 * One keep-alive agent per route (direct, a CONNECT tunnel to HTTPS_PROXY with TLS end to end inside, HTTP_PROXY in
 * absolute form). `tls` goes on each https request: the tunnelling agent takes the target's TLS options from it.
 */
export function createRouter(settings: Pick<ConnectionSettings, 'tls' | 'proxy' | 'maxConnections'>) {
  const { ca, clientCert, clientKey } = settings.tls;
  // An explicit `ca` replaces Node's store: the public CAs and NODE_EXTRA_CA_CERTS (read by Node at start) go back in.
  let extra: string[] = [];
  try {
    if (ca && process.env['NODE_EXTRA_CA_CERTS']) extra = [readFileSync(process.env['NODE_EXTRA_CA_CERTS'], 'utf8')];
  } catch {
    // Node warns about an unreadable NODE_EXTRA_CA_CERTS itself, at start.
  }
  const secure: tls.ConnectionOptions = {
    ...(ca ? { ca: [...tls.rootCertificates, ...extra, ca.pem] } : {}),
    ...(clientCert ? { cert: clientCert.pem } : {}),
    ...(clientKey ? { key: clientKey.pem } : {}),
  };
  const agents = new Map<string, http.Agent>();
  const pool = { keepAlive: true, maxSockets: settings.maxConnections };
  const make = (target: string, proxy: URL | undefined): http.Agent => {
    // An https proxy is reached over TLS, with the run's CAs and client certificate.
    const toProxy = proxy?.protocol === 'https:' ? secure : {};
    if (target === 'https:') return proxy ? new HttpsProxyAgent(proxy, { ...pool, ...toProxy }) : new https.Agent({ ...pool, ...secure });
    return proxy ? new HttpProxyAgent(proxy, { ...pool, ...toProxy }) : new http.Agent(pool);
  };
  return {
    tls: secure,
    route(url: URL): { agent: http.Agent; proxy: URL | undefined } {
      const proxy = proxyFor(url, settings.proxy);
      const key = `${url.protocol} ${proxy?.href ?? 'direct'}`;
      const agent = agents.get(key) ?? make(url.protocol, proxy);
      agents.set(key, agent);
      return { agent, proxy };
    },
    close(): void {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

type Router = ReturnType<typeof createRouter>;

/** A request as it goes on the wire (header names in lower case), and an answer as it came (repeated headers joined). */
export type OutgoingRequest = { method: string; url: URL; headers: Record<string, string>; body?: Buffer | undefined };
export type RawAnswer = { status: number; statusText: string; headers: Record<string, string>; body: Buffer };

const show = (request: OutgoingRequest) => `${request.method} ${request.url.href}`;

/** Errors of opening a connection: with a proxy on the way, the proxy is what could not be reached. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);

/**
 * What went wrong on the socket, as a failure of the part it points at: the proxy's while its tunnel is not open yet.
 * OpenSSL's messages span lines and name source files: only their reason is kept (`tlsv13 alert certificate required`).
 */
function classify(error: NodeJS.ErrnoException, request: OutgoingRequest, where: { proxy: URL | undefined; tunnelPending: boolean; justHandshaken: boolean }) {
  const code = error.code;
  const failed = (kind: FailureKind, why: string) => new ConnectionFailure(kind, `${show(request)} failed${why}`, code, { cause: error });
  if (where.proxy && (where.tunnelPending || (code !== undefined && CONNECT_ERRORS.has(code)))) {
    return failed('proxy', `: the proxy ${showProxy(where.proxy)} cannot be used (${code ?? error.message})`);
  }
  const reason = /SSL routines:[^:]*:([^:]+)/.exec(error.message)?.[1] ?? error.message.replace(/\s+/g, ' ').trim();
  const detail = code && !reason.includes(code) ? `${code}: ${reason}` : reason;
  // Certificate verification codes (OpenSSL's X509 ones), Node's TLS codes, and TLS alerts.
  const tlsError = /CERT|SIGNATURE|^EPROTO$|^ERR_(TLS|SSL)_/.test(code ?? '') || /\b(SSL|TLS) alert\b|certificate/i.test(error.message);
  if (tlsError) return failed('tls', ` in the TLS handshake (${detail})`);
  // TLS 1.3: the client's handshake ends before the server has checked the client certificate; a
  // server that refuses it closes the connection, and the unread request turns its alert into a reset.
  if (where.justHandshaken && code === 'ECONNRESET') return failed('tls', `: the server closed the connection right after the TLS handshake (${detail})`);
  return failed('url', ` (${detail})`);
}

/**
 * Sends one request over node:http(s), which unlike fetch sends a GET body and reads a 205 body. The time-out counts
 * to the end of the answer, so a target that trickles its answer cannot hold a run; `until` ends the run's phase.
 */
export function sendOnce(router: Router, request: OutgoingRequest, limits: { timeout: number; until?: number | undefined }): Promise<RawAnswer> {
  const left = limits.until === undefined ? Infinity : limits.until - Date.now();
  if (left <= 0) return Promise.reject(new ConnectionFailure('cut-short', `${show(request)}: not sent, the run's time was up`));
  const { agent, proxy } = router.route(request.url);
  const secure = request.url.protocol === 'https:';
  const headers: Record<string, string> = { ...request.headers, host: request.url.host };
  if (request.body !== undefined) headers['content-length'] = String(request.body.length);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const fail = (failure: ConnectionFailure) => {
      clearTimeout(timer);
      reject(failure);
      req.destroy(failure);
    };
    const timer = setTimeout(
      () => {
        if (left < limits.timeout) fail(new ConnectionFailure('cut-short', `${show(request)}: not answered before the run's time was up`));
        else fail(new ConnectionFailure('timeout', `no answer within ${limits.timeout} ms from ${show(request)}`));
      },
      Math.min(left, limits.timeout),
    );
    const req = (secure ? https : http).request(
      {
        protocol: request.url.protocol,
        hostname: request.url.hostname.replace(/^\[|\]$/g, ''),
        port: request.url.port,
        method: request.method,
        path: `${request.url.pathname}${request.url.search}`,
        headers,
        // The agent takes the TLS server name from the Host header: the target's, also in a tunnel.
        agent,
        ...(secure ? router.tls : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => fail(new ConnectionFailure('url', `${show(request)}: the connection broke while answering (${error.message})`)));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: normaliseHeaders(res.headers), body: Buffer.concat(chunks) });
        });
      },
    );
    let tunnelPending = secure && proxy !== undefined;
    // https-proxy-agent hands a refused CONNECT on as if the target had answered it: it is the proxy's answer.
    req.once('proxyConnect', (connect: { statusCode: number; statusText: string }) => {
      tunnelPending = false;
      const refused = `${show(request)} failed: the proxy ${showProxy(proxy!)} refused the tunnel to ${request.url.host} (${connect.statusCode} ${connect.statusText})`;
      if (connect.statusCode !== 200) fail(new ConnectionFailure('proxy', refused.trim()));
    });
    let handshaken = false;
    let answering = false;
    const onHandshake = () => (handshaken = true);
    // A kept-alive socket never handshakes again: the listener goes with the request.
    req.on('socket', (socket) => {
      socket.once('secureConnect', onHandshake);
      req.once('close', () => socket.off('secureConnect', onHandshake));
    });
    req.on('response', () => (answering = true));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof ConnectionFailure) return; // our own, already rejected
      // A kept-alive socket the server closed while it sat idle: the request never reached it, so it goes again on
      // another socket, as node's http docs advise (each such socket leaves the pool, so this ends with a fresh one).
      if (req.reusedSocket && !answering && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        clearTimeout(timer);
        return void sendOnce(router, request, { ...limits, timeout: Math.max(1, limits.timeout - (Date.now() - started)) }).then(resolve, reject);
      }
      fail(classify(error, request, { proxy, tunnelPending, justHandshaken: handshaken && !answering }));
    });
    req.end(request.body);
  });
}
