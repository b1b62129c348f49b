import type { BrokerAddress } from '../connection/connection-broker.js';
import type { HeaderSetting, ProxySettings, TlsSettings } from '../connection/connection-settings.js';
import { proxyFromEnvironment } from '../connection/proxy-for-url.js';

/**
 * How the steps reach the target beyond its URL and token (the connection flags of
 * `mgmt-kit conformance`): plain JSON, the same in every worker.
 */
export interface RunConnectionParameters {
  headers: HeaderSetting[];
  tls: TlsSettings;
  proxy: ProxySettings;
  tokenCommand?: string | undefined;
  rate?: number | undefined;
  retryThrottled: number;
  /** The run's coordinator (pace and token), when the run has one to share: with `--rate` or `--token-command`. */
  broker?: BrokerAddress | undefined;
}

/**
 * The world parameters of a conformance run (cucumber `worldParameters`). The runner fills
 * them from its flags; a plain `cucumber-js` run falls back to BASE_URL, TOKEN, AUTH_SCHEME and
 * JWT_SECRET.
 */
export interface KitParameters {
  /** Target implementation, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** JWT sent on every call (§5); minted from jwtSecret when absent. */
  token?: string | undefined;
  /** Scheme word before the token; default `Bearer` (x-decisions auth-header). */
  authScheme?: string | undefined;
  /** HS256 secret; enables the @needs-jwt-secret scenarios (expired, wrong signature, …). */
  jwtSecret?: string | undefined;
  /** Extra claims of every minted token (iss, aud, …), for deployments that require them. */
  jwtClaims?: Record<string, unknown> | undefined;
  /** Every id a scenario creates starts with this, e.g. `mk-3f9a1c-`. */
  runPrefix?: string | undefined;
  /** Milliseconds before one HTTP call fails; default 15 000. */
  timeoutMs?: number | undefined;
  /** Lets @destructive scenarios (delete without a body) run; they snapshot and restore the index. */
  allowDestructive?: boolean | undefined;
  /** Headers, TLS, proxy, pace, token command; plain cucumber-js runs take the proxy variables only. */
  connection?: RunConnectionParameters | undefined;
}

/** Reads the world parameters, with the environment as fallback for direct cucumber-js runs. */
export function resolveKitParameters(given: Partial<KitParameters> | undefined, env: NodeJS.ProcessEnv = process.env): KitParameters {
  const baseUrl = given?.baseUrl ?? env['BASE_URL'];
  if (!baseUrl) {
    throw new Error('No target: pass --base-url to mgmt-kit conformance (or set BASE_URL for cucumber-js)');
  }
  // mgmt-kit conformance always passes the connection and has read the auth flags (with their
  // environment fallbacks) already: a TOKEN left in the environment must not override the token a
  // --jwt-secret or --token-command run obtains. Only a plain cucumber-js run reads it here.
  const plainRun = given?.connection === undefined;
  const fromEnv = (name: string) => (plainRun && env[name] !== '' ? env[name] : undefined);
  return {
    baseUrl,
    token: given?.token ?? fromEnv('TOKEN'),
    authScheme: given?.authScheme ?? (plainRun ? env['AUTH_SCHEME'] : undefined),
    jwtSecret: given?.jwtSecret ?? fromEnv('JWT_SECRET'),
    jwtClaims: given?.jwtClaims ?? (plainRun && env['JWT_CLAIMS'] ? (JSON.parse(env['JWT_CLAIMS']) as Record<string, unknown>) : undefined),
    runPrefix: given?.runPrefix,
    timeoutMs: given?.timeoutMs,
    allowDestructive: given?.allowDestructive ?? env['ALLOW_DESTRUCTIVE'] === '1',
    connection: given?.connection ?? { headers: [], tls: {}, proxy: proxyFromEnvironment(env), retryThrottled: 0 },
  };
}
