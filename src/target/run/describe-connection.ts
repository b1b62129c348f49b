import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { proxyFor, showProxy } from '../../connection/proxy-route.js';

/** Where the token of a run comes from, in words. */
export function describeTokenSource(settings: ConnectionSettings): string {
  const { auth } = settings;
  if (auth.token !== undefined) return 'the token of --token';
  if (auth.tokenCommand !== undefined) return 'tokens from --token-command';
  if (auth.jwtSecret !== undefined) return 'tokens minted from --jwt-secret';
  return 'no token';
}

/**
 * One line saying how a run reaches its target, with no secret in it: header names without
 * values, certificate files by name, the proxy without its password.
 *
 * @example "via proxy http://127.0.0.1:3128; headers X-Api-Key (value hidden); client certificate client.pem; at most 20 requests/s; at most 6 connections at once; 15 s per request"
 */
export function describeConnection(settings: ConnectionSettings): string {
  const parts: string[] = [describeTokenSource(settings)];
  const proxy = proxyFor(new URL(settings.baseUrl), settings.proxy);
  if (proxy) parts.push(`via proxy ${showProxy(proxy)}`);
  if (settings.headers.length > 0)
    parts.push(
      `header${settings.headers.length > 1 ? 's' : ''} ${settings.headers.map((h) => h.name).join(', ')} (value${settings.headers.length > 1 ? 's' : ''} hidden)`,
    );
  if (settings.tls.ca) parts.push(`CA ${settings.tls.ca.file}`);
  if (settings.tls.clientCert) parts.push(`client certificate ${settings.tls.clientCert.file}`);
  parts.push(settings.rate === undefined ? 'no rate cap' : `at most ${settings.rate} requests/s`);
  parts.push(`at most ${settings.maxConnections} connection${settings.maxConnections === 1 ? '' : 's'} at once`, `${settings.timeout / 1000} s per request`);
  if (settings.retryThrottled > 0) parts.push(`throttled calls retried up to ${settings.retryThrottled} times`);
  return parts.join('; ');
}

/** `X-Api-Key` → `HEADER_X_API_KEY`: the shell variable a curl repro names instead of the header's value. */
export function headerVariable(name: string): string {
  return `HEADER_${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}
