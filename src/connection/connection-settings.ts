/**
 * How the kit reaches one deployment: where, with which token, headers, certificates and proxy,
 * and how fast, how many at once and how long. Plain JSON: a conformance run hands it to its
 * workers as a world parameter. The CLI reads it from the flags (src/cli/read-connection-flags.ts).
 */
export interface ConnectionSettings {
  /** The deployment, an http(s) URL; its path is kept as a prefix of every request path. */
  baseUrl: string;
  auth: AuthSettings;
  /** Added to every request (`--header 'Name: value'`); the values are never printed. */
  headers: HeaderSetting[];
  tls: TlsSettings;
  proxy: ProxySettings;
  /** At most this many requests reach the target in any one second of the run (all workers); undefined: no cap. */
  rate?: number | undefined;
  /** Requests in flight at once, across the whole run (`--max-connections`). */
  maxConnections: number;
  /** Milliseconds from sending a request to the end of its answer (`--timeout`). */
  timeout: number;
  /** Times a call answered 429 (or 503 with Retry-After) is sent again after waiting; 0 reports it at once. */
  retryThrottled: number;
}

/** `--timeout`'s default, for every command. */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * `--max-connections`' default. Six, what browsers open per host: a server with a small accept
 * queue (Python's http.server keeps 5) still takes them (test/connection/polite-client.test.ts);
 * and with `--parallel auto` six workers bring the default core run against a target 20 ms away
 * near 30 s where four stay above it: four connections carry at most 200 answers a second at
 * 20 ms, so about 5 500 requests need 28 s before any other cost (docs/performance.md).
 */
export const DEFAULT_MAX_CONNECTIONS = 6;

/** Where the run's token comes from: `--token`, minted from `--jwt-secret`, `--token-command`, or none. */
export interface AuthSettings {
  /** Word before the token in Authorization; `''` sends the bare token. */
  scheme: string;
  token?: string | undefined;
  jwtSecret?: string | undefined;
  jwtClaims?: Record<string, unknown> | undefined;
  /** A shell command that prints a token; run at start, near the token's `exp`, and after a 401. */
  tokenCommand?: string | undefined;
}

/** One `--header 'Name: value'`. */
export type HeaderSetting = { name: string; value: string };

/** PEM texts (read once, so workers need no file) and the files they came from: `--ca`, `--client-cert`, `--client-key`. */
export interface TlsSettings {
  ca?: PemFile | undefined;
  clientCert?: PemFile | undefined;
  clientKey?: PemFile | undefined;
}
export type PemFile = { file: string; pem: string };

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY as the environment gave them when the run started. */
export interface ProxySettings {
  httpsProxy?: string | undefined;
  httpProxy?: string | undefined;
  /** Hosts reached directly: comma-separated names (a name covers its subdomains), `host:port`, or `*`. */
  noProxy?: string | undefined;
}

/** The settings a run uses when it is given nothing but a base URL (tests, plain cucumber-js). */
export function plainConnection(baseUrl: string, auth: Partial<AuthSettings> = {}, proxy: ProxySettings = {}): ConnectionSettings {
  return {
    baseUrl,
    auth: { scheme: 'Bearer', ...auth },
    headers: [],
    tls: {},
    proxy,
    maxConnections: DEFAULT_MAX_CONNECTIONS,
    timeout: DEFAULT_TIMEOUT_MS,
    retryThrottled: 0,
  };
}
