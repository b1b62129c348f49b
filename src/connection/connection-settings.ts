/**
 * How the kit reaches one deployment: where it is, how it authenticates, what every request
 * carries, which certificates and proxy it goes through, and how fast and how long it may take.
 * Plain JSON, so a conformance run hands it to its worker processes as a world parameter.
 * Read from the command line by read-connection-flags.ts; used by open-connection.ts.
 */
export interface ConnectionSettings {
  /** The deployment, an http(s) URL; its path is kept as a prefix of every request path. */
  baseUrl: string;
  auth: AuthSettings;
  /** Added to every request (`--header 'Name: value'`); the values are never printed. */
  headers: HeaderSetting[];
  tls: TlsSettings;
  proxy: ProxySettings;
  /** Requests per second across the whole run (all workers); undefined: no cap. */
  rate?: number | undefined;
  /** From sending a request to the end of its answer. */
  timeoutMs: number;
  /** Times a call answered 429 (or 503 with Retry-After) is sent again after waiting; 0 reports it at once. */
  retryThrottled: number;
}

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
export interface HeaderSetting {
  name: string;
  value: string;
}

/** PEM texts (read once from the files, so workers started elsewhere need no file) and where they came from. */
export interface TlsSettings {
  /** `--ca FILE`: trusted in addition to the public CAs and NODE_EXTRA_CA_CERTS. */
  ca?: PemFile | undefined;
  /** `--client-cert` and `--client-key`: sent when the server asks for a client certificate (mutual TLS). */
  clientCert?: PemFile | undefined;
  clientKey?: PemFile | undefined;
}

/** A file's path (for messages) and its PEM text. */
export interface PemFile {
  file: string;
  pem: string;
}

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY as the environment gave them when the run started. */
export interface ProxySettings {
  httpsProxy?: string | undefined;
  httpProxy?: string | undefined;
  /** Hosts reached directly: comma-separated names (a name covers its subdomains), `host:port`, or `*`. */
  noProxy?: string | undefined;
}

/** The settings a run uses when it is given nothing but a base URL (tests, plain cucumber-js). */
export function plainConnection(baseUrl: string, auth: Partial<AuthSettings> = {}, proxy: ProxySettings = {}): ConnectionSettings {
  return { baseUrl, auth: { scheme: 'Bearer', ...auth }, headers: [], tls: {}, proxy, timeoutMs: 15_000, retryThrottled: 0 };
}
