import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import type { ConnectionSettings, TlsSettings } from './connection-settings.js';
import { proxyFor } from './proxy-for-url.js';

/** The proxy as messages show it: without a password. */
export function showProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.username ? `${decodeURIComponent(proxy.username)}:***@` : ''}${proxy.host}`;
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

/** How one request reaches the target: through which agent, and the proxy on the way, if any. */
export interface AgentRoute {
  agent: http.Agent;
  proxy?: URL | undefined;
}

/**
 * Routes requests to a run's target: one keep-alive agent per kind of route, made on first use.
 * https goes direct or through a CONNECT tunnel to HTTPS_PROXY (https-proxy-agent; TLS to the
 * target runs inside it, end to end); http goes direct or to HTTP_PROXY in absolute form
 * (http-proxy-agent); NO_PROXY decides per host. `tls` is what each request to an https target
 * carries: the tunnelling agent takes the target's TLS options from the request, not from itself.
 */
export function createRouter(settings: Pick<ConnectionSettings, 'tls' | 'proxy'>, maxSockets = Infinity) {
  const agents = new Map<string, http.Agent>();
  const secure = tlsOptions(settings.tls);
  const pool = { keepAlive: true, maxSockets };
  const make = (target: string, proxy: URL | undefined): http.Agent => {
    // An https proxy is reached over TLS, with the run's CAs and client certificate.
    const toProxy = proxy?.protocol === 'https:' ? secure : {};
    if (target === 'https:') return proxy ? new HttpsProxyAgent(proxy, { ...pool, ...toProxy }) : new https.Agent({ ...pool, ...secure });
    return proxy ? new HttpProxyAgent(proxy, { ...pool, ...toProxy }) : new http.Agent(pool);
  };
  return {
    tls: secure,
    route(url: URL): AgentRoute {
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

export type Router = ReturnType<typeof createRouter>;
