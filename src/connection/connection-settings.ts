/**
 * How the kit reaches one deployment, read from the flags by src/cli/read-connection-flags.ts. Plain JSON: a
 * conformance run hands it to its workers as a world parameter (PEM texts are read once, so workers need no file).
 */
export interface ConnectionSettings {
  /** An http(s) URL; its path is kept as a prefix of every request path. */
  baseUrl: string;
  auth: AuthSettings;
  /** `--header 'Name: value'`, on every request; the values are never printed. */
  headers: HeaderSetting[];
  tls: { ca?: PemFile | undefined; clientCert?: PemFile | undefined; clientKey?: PemFile | undefined };
  proxy: ProxySettings;
  /** `--rate`: at most this many requests reach the target in any one second of the run (all workers). */
  rate?: number | undefined;
  /** `--max-connections`: requests in flight at once, across the whole run. */
  maxConnections: number;
  /** `--timeout`: milliseconds from sending a request to the end of its answer. */
  timeout: number;
  /** `--retry-throttled`: times a throttled call is sent again after its Retry-After; 0 reports it at once. */
  retryThrottled: number;
}
export type TlsSettings = ConnectionSettings['tls'];
export type PemFile = { file: string; pem: string };
export type HeaderSetting = { name: string; value: string };

/** `--timeout`'s default, for every command. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Six, what browsers open per host: a server with a small accept queue (Python's http.server keeps 5) still takes them
 * (test/connection/polite-client.test.ts); at 20 ms four carry at most 200 answers a second, 28 s for the default core
 * run's 5 500 requests before any other cost, where six bring it near 30 s with `--parallel auto` (docs/performance.md).
 */
export const DEFAULT_MAX_CONNECTIONS = 6;

/** `--token`, which wins, or a token from `--token-command` or minted from `--jwt-secret`, or none. */
export interface AuthSettings {
  /** Word before the token in Authorization; `''` sends the bare token. */
  scheme: string;
  token?: string | undefined;
  jwtSecret?: string | undefined;
  jwtClaims?: Record<string, unknown> | undefined;
  tokenCommand?: string | undefined;
}

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY as the environment gave them when the run started. */
export type ProxySettings = { httpsProxy?: string | undefined; httpProxy?: string | undefined; noProxy?: string | undefined };

/** The settings of a run given nothing but a base URL (tests, plain cucumber-js). */
export function plainConnection(baseUrl: string, auth: Partial<AuthSettings> = {}, proxy: ProxySettings = {}): ConnectionSettings {
  const defaults = { headers: [], tls: {}, maxConnections: DEFAULT_MAX_CONNECTIONS, timeout: DEFAULT_TIMEOUT_MS, retryThrottled: 0 };
  return { baseUrl, auth: { scheme: 'Bearer', ...auth }, proxy, ...defaults };
}
