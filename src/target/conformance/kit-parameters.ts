import type { BrokerAddress } from '../../connection/run-coordinator.js';
import { plainConnection, type ConnectionSettings } from '../../connection/connection-settings.js';
import { findProxyProblem, proxyFromEnvironment } from '../../connection/proxy-route.js';
import { parseJwtClaims } from '../../contract/tokens/index.js';

/**
 * The world parameters of a conformance run (cucumber `worldParameters`): plain JSON, the same in
 * every worker. `mgmt-kit conformance` fills them from its flags; a plain `cucumber-js` run falls
 * back to BASE_URL, TOKEN, AUTH_SCHEME, JWT_SECRET, JWT_CLAIMS and the proxy variables.
 */
export interface KitParameters {
  /** How every request of the run reaches the target: the connection flags, read once (src/cli/read-connection-flags.ts). */
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
 * Only a plain cucumber-js run reads the environment: the target, the auth and the proxy variables.
 */
export function resolveKitParameters(given: Partial<KitParameters> | undefined, env: NodeJS.ProcessEnv = process.env): KitParameters {
  if (given?.connection !== undefined) return { ...given, connection: given.connection };
  const baseUrl = env['BASE_URL'];
  if (!baseUrl) throw new Error('No target: pass --base-url to mgmt-kit conformance (or set BASE_URL for cucumber-js)');
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const claims = parseJwtClaims(set('JWT_CLAIMS'));
  if (!claims.ok) throw new Error(claims.error);
  const proxy = proxyFromEnvironment(env);
  const proxyProblem = findProxyProblem(proxy);
  if (proxyProblem !== undefined) throw new Error(proxyProblem);
  const auth = { scheme: env['AUTH_SCHEME'] ?? 'Bearer', token: set('TOKEN'), jwtSecret: set('JWT_SECRET') };
  const connection = plainConnection(baseUrl, Object.keys(claims.claims).length > 0 ? { ...auth, jwtClaims: claims.claims } : auth, proxy);
  return { ...given, connection, allowDestructive: given?.allowDestructive ?? env['ALLOW_DESTRUCTIVE'] === '1' };
}
