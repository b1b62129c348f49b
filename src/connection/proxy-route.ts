import type { ProxySettings } from './connection-settings.js';

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY, upper case first, as curl and most tools read them. */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv): ProxySettings {
  const read = (name: string) => (env[name] ?? env[name.toLowerCase()])?.trim() || undefined;
  const settings: ProxySettings = { httpsProxy: read('HTTPS_PROXY'), httpProxy: read('HTTP_PROXY'), noProxy: read('NO_PROXY') };
  // Plain JSON for the workers: a variable not set is no key at all.
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/** Why a proxy variable cannot be used, or undefined when every one set is an http(s) URL. */
export function findProxyProblem(proxy: ProxySettings): string | undefined {
  for (const [name, value] of [
    ['HTTPS_PROXY', proxy.httpsProxy],
    ['HTTP_PROXY', proxy.httpProxy],
  ] as const) {
    if (value === undefined) continue;
    let url: URL;
    try {
      url = new URL(value.includes('://') ? value : `http://${value}`);
    } catch {
      return `${name}="${value}" is not a URL (expected e.g. http://proxy.example.net:3128)`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${name}="${value}" must be an http:// or https:// proxy`;
  }
  return undefined;
}

/** Whether NO_PROXY names this host (and port): `*`, a name and its subdomains (`.example.net` alike), an IP, `host:port`. */
function bypassed(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy.split(/[\s,]+/).some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '') return false;
    if (entry === '*') return true;
    // A bare IPv6 address (`::1`) has colons of its own and no port.
    const match = (entry.split(':').length > 2 && !entry.startsWith('[') ? [entry, entry] : /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry)) as Array<
      string | undefined
    > | null;
    if (!match) return false;
    const name = match[1]!.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    if (match[2] !== undefined && match[2] !== port) return false;
    return host === name || host.endsWith(`.${name}`);
  });
}

/**
 * The proxy a request to `url` goes through, or undefined to go directly: HTTPS_PROXY for https
 * targets, HTTP_PROXY for http ones, unless NO_PROXY names the host. A proxy written without a
 * scheme (`proxy:3128`) is taken as http://.
 */
export function proxyFor(url: URL, proxy: ProxySettings): URL | undefined {
  const chosen = url.protocol === 'https:' ? proxy.httpsProxy : proxy.httpProxy;
  if (chosen === undefined || bypassed(url, proxy.noProxy)) return undefined;
  return new URL(chosen.includes('://') ? chosen : `http://${chosen}`);
}

/** The proxy as messages show it: without a password. */
export function showProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.username ? `${decodeURIComponent(proxy.username)}:***@` : ''}${proxy.host}`;
}
