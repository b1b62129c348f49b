import type { ProxySettings } from './connection-settings.js';

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY, upper case first, as curl and most tools read them; one not set is no key (plain JSON). */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv): ProxySettings {
  const read = (name: string) => (env[name] ?? env[name.toLowerCase()])?.trim() || undefined;
  const settings: ProxySettings = { httpsProxy: read('HTTPS_PROXY'), httpProxy: read('HTTP_PROXY'), noProxy: read('NO_PROXY') };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/** A proxy written without a scheme (`proxy:3128`) is taken as http://. */
const withScheme = (value: string) => (value.includes('://') ? value : `http://${value}`);

/** Why a proxy variable cannot be used, or undefined when every one set is an http(s) URL. */
export function findProxyProblem(proxy: ProxySettings): string | undefined {
  for (const [name, value] of Object.entries({ HTTPS_PROXY: proxy.httpsProxy, HTTP_PROXY: proxy.httpProxy })) {
    if (value === undefined) continue;
    if (!URL.canParse(withScheme(value))) return `${name}="${value}" is not a URL (expected e.g. http://proxy.example.net:3128)`;
    if (!/^https?:$/.test(new URL(withScheme(value)).protocol)) return `${name}="${value}" must be an http:// or https:// proxy`;
  }
  return undefined;
}

/** Whether NO_PROXY names this host (and port): `*`, a name and its subdomains (`.example.net` alike), an IP, `host:port`. */
function bypassed(url: URL, noProxy: string | undefined): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const entries = (noProxy ?? '').toLowerCase().split(/[\s,]+/);
  return entries.some((entry) => {
    if (entry === '*') return true;
    // A bare IPv6 address (`::1`) has colons of its own and no port.
    const bareIpv6 = entry.split(':').length > 2 && !entry.startsWith('[');
    const [, written, entryPort] = bareIpv6 ? [entry, entry] : (/^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry) ?? []);
    if (written === undefined || (entryPort !== undefined && entryPort !== port)) return false;
    const name = written.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    return host === name || host.endsWith(`.${name}`);
  });
}

/** The proxy a request to `url` goes through (HTTPS_PROXY for https, HTTP_PROXY for http), or undefined when NO_PROXY names it. */
export function proxyFor(url: URL, proxy: ProxySettings): URL | undefined {
  const chosen = url.protocol === 'https:' ? proxy.httpsProxy : proxy.httpProxy;
  return chosen === undefined || bypassed(url, proxy.noProxy) ? undefined : new URL(withScheme(chosen));
}

/** The proxy as messages show it: without a password. */
export function showProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.username ? `${decodeURIComponent(proxy.username)}:***@` : ''}${proxy.host}`;
}
