import type { BrokerAddress } from '../connection/connection-broker.js';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS, type ConnectionSettings } from '../connection/connection-settings.js';
import { readConnectionFlags } from '../connection/read-connection-flags.js';

/**
 * The world parameters of a conformance run (cucumber `worldParameters`): plain JSON, the same in
 * every worker. `mgmt-kit conformance` fills them from its flags; a plain `cucumber-js` run falls
 * back to BASE_URL, TOKEN, AUTH_SCHEME, JWT_SECRET, JWT_CLAIMS and the proxy variables.
 */
export interface KitParameters {
  /** How every request of the run reaches the target: the connection flags, read once (read-connection-flags.ts). */
  connection: ConnectionSettings;
  /** Every id a scenario creates starts with this, e.g. `mk-3f9a1c-`. */
  runPrefix?: string | undefined;
  /** Lets @destructive scenarios (delete without a body) run; they snapshot and restore the index. */
  allowDestructive?: boolean | undefined;
  /** The run's coordinator (pace and token), when the run has one to share: with `--rate` or `--token-command`. */
  broker?: BrokerAddress | undefined;
}

/**
 * Reads the world parameters back. Under `mgmt-kit conformance` they are taken as given: the
 * command read the auth flags (with their environment fallbacks) already, and a TOKEN left in
 * the environment must not override the token a --jwt-secret or --token-command run obtains.
 * Only a plain cucumber-js run reads the environment, through the reader the flags go through.
 */
export function resolveKitParameters(given: Partial<KitParameters> | undefined, env: NodeJS.ProcessEnv = process.env): KitParameters {
  if (given?.connection !== undefined) return { ...given, connection: given.connection };
  const baseUrl = env['BASE_URL'];
  if (!baseUrl) throw new Error('No target: pass --base-url to mgmt-kit conformance (or set BASE_URL for cucumber-js)');
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const read = readConnectionFlags(
    {
      baseUrl,
      token: set('TOKEN'),
      jwtSecret: set('JWT_SECRET'),
      jwtClaims: set('JWT_CLAIMS'),
      authScheme: env['AUTH_SCHEME'] ?? 'Bearer',
      header: [],
      maxConnections: DEFAULT_MAX_CONNECTIONS,
      timeout: DEFAULT_TIMEOUT_MS,
      retryThrottled: 0,
    },
    env,
  );
  if (!read.ok) throw new Error(read.error);
  return { ...given, connection: read.value, allowDestructive: given?.allowDestructive ?? env['ALLOW_DESTRUCTIVE'] === '1' };
}
