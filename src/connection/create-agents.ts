import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import type { ConnectionSettings, TlsSettings } from './connection-settings.js';
import { proxyFor } from './proxy-for-url.js';

/** A failure of the proxy itself (unreachable, or its answer to CONNECT), so the pre-flight can blame it. */
export class ProxyError extends Error {
  override name = 'ProxyError';
  constructor(
    readonly proxy: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The proxy as messages show it: without a password. */
export function showProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.username ? `${decodeURIComponent(proxy.username)}:***@` : ''}${proxy.host}`;
}

function proxyAuthorization(proxy: URL): Record<string, string> {
  if (!proxy.username && !proxy.password) return {};
  const pair = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(pair).toString('base64')}` };
}

/**
 * The CAs a run trusts. Without `--ca`, undefined: Node's own store (the public CAs, plus
 * NODE_EXTRA_CA_CERTS, which Node reads at start). With `--ca`, that store plus the file — an
 * explicit `ca` replaces Node's store, so the public CAs and NODE_EXTRA_CA_CERTS are added back.
 */
function trustedCas(tlsSettings: TlsSettings, env: NodeJS.ProcessEnv): string[] | undefined {
  if (tlsSettings.ca === undefined) return undefined;
  const extraFile = env['NODE_EXTRA_CA_CERTS'];
  let extra: string[] = [];
  if (extraFile) {
    try {
      extra = [readFileSync(extraFile, 'utf8')];
    } catch {
      // Node warns about an unreadable NODE_EXTRA_CA_CERTS itself, at start.
    }
  }
  return [...tls.rootCertificates, ...extra, tlsSettings.ca.pem];
}

/** The TLS options of every https connection of a run: trusted CAs and the client certificate. */
export function tlsOptions(tlsSettings: TlsSettings, env: NodeJS.ProcessEnv = process.env): tls.ConnectionOptions {
  const ca = trustedCas(tlsSettings, env);
  return {
    ...(ca ? { ca } : {}),
    ...(tlsSettings.clientCert ? { cert: tlsSettings.clientCert.pem } : {}),
    ...(tlsSettings.clientKey ? { key: tlsSettings.clientKey.pem } : {}),
  };
}

/** Opens a tunnel through the proxy (CONNECT host:port) and hands back the raw socket. */
function openTunnel(proxy: URL, host: string, port: number, tlsToProxy: tls.ConnectionOptions, timeoutMs: number): Promise<Duplex> {
  const shown = showProxy(proxy);
  return new Promise((resolve, reject) => {
    const send = proxy.protocol === 'https:' ? https.request : http.request;
    const request = send({
      ...(proxy.protocol === 'https:' ? tlsToProxy : {}),
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: `${host}:${port}`,
      headers: { host: `${host}:${port}`, ...proxyAuthorization(proxy) },
      agent: false,
      timeout: timeoutMs,
    });
    request.once('connect', (response, socket) => {
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new ProxyError(shown, `the proxy ${shown} refused the tunnel to ${host}:${port} (${response.statusCode} ${response.statusMessage ?? ''})`.trim()));
    });
    request.once('timeout', () => request.destroy(new Error(`no answer to CONNECT within ${timeoutMs} ms`)));
    request.once('error', (error: NodeJS.ErrnoException) =>
      reject(new ProxyError(shown, `the proxy ${shown} cannot be used (${error.code ?? error.message})`, { cause: error })),
    );
    request.end();
  });
}

/** An https agent whose connections go through a CONNECT tunnel; TLS to the target runs inside it, end to end. */
class TunnelingAgent extends https.Agent {
  constructor(
    private readonly proxy: URL,
    private readonly timeoutMs: number,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions, callback?: (error: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const host = String(options.host ?? options.hostname ?? 'localhost');
    const port = Number(options.port ?? 443);
    openTunnel(this.proxy, host, port, this.options, this.timeoutMs).then(
      // https.Agent hands its options to tls.connect, which then runs TLS over the tunnel's socket.
      (socket) => callback?.(null, super.createConnection({ ...options, socket } as https.RequestOptions) as Duplex),
      (error: Error) => callback?.(error, undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/** How one request reaches the target: through which agent, and to which host when a proxy forwards plain http. */
export interface AgentRoute {
  agent: http.Agent;
  /** Set for an http target behind HTTP_PROXY: the request goes to the proxy in absolute form. */
  forwardVia?: URL | undefined;
  /** The proxy on the way, if any (for messages). */
  proxy?: URL | undefined;
}

/**
 * Routes requests to a run's target: one keep-alive agent per kind of route, made on first use.
 * https goes direct or through a CONNECT tunnel (HTTPS_PROXY); http goes direct or to HTTP_PROXY
 * in absolute form; NO_PROXY decides per host.
 */
export function createRouter(settings: Pick<ConnectionSettings, 'tls' | 'proxy' | 'timeoutMs'>, maxSockets = Infinity) {
  const agents = new Map<string, http.Agent>();
  const secure = tlsOptions(settings.tls);
  const agentFor = (key: string, make: () => http.Agent) => {
    const known = agents.get(key);
    if (known) return known;
    const agent = make();
    agents.set(key, agent);
    return agent;
  };
  return {
    route(url: URL): AgentRoute {
      const proxy = proxyFor(url, settings.proxy);
      if (url.protocol === 'https:') {
        if (!proxy) return { agent: agentFor('https', () => new https.Agent({ keepAlive: true, maxSockets, ...secure })) };
        return {
          agent: agentFor(`tunnel ${proxy.href}`, () => new TunnelingAgent(proxy, settings.timeoutMs, { keepAlive: true, maxSockets, ...secure })),
          proxy,
        };
      }
      if (!proxy) return { agent: agentFor('http', () => new http.Agent({ keepAlive: true, maxSockets })) };
      const agent =
        proxy.protocol === 'https:'
          ? agentFor(`forward ${proxy.href}`, () => new https.Agent({ keepAlive: true, maxSockets, ...secure }))
          : agentFor(`forward ${proxy.href}`, () => new http.Agent({ keepAlive: true, maxSockets }));
      return { agent, forwardVia: proxy, proxy };
    },
    proxyAuthorization,
    close(): void {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
