import type { ConnectionSettings } from '../connection/connection-settings.js';
import { readConnectionFlags } from '../connection/read-connection-flags.js';
import { UsageError } from './command/usage-error.js';
import { withSelfTestServer } from './self-test-server.js';
import type { ConnectionFlags, TargetFlags } from './shared-flags.js';

/** The implementation a run sends its requests to, and how it reaches it. */
export interface Target {
  /** Base URL, auth, headers, TLS, proxy, pace and time-outs: every request of the run goes by these. */
  connection: ConnectionSettings;
  /** The reference server started for this run: nothing of anyone else's is at stake. */
  selfTest: boolean;
}

/** How a command reads its connection flags: its default time-out, and the environment for the proxy variables. */
export interface ConnectionDefaults {
  /** Per request when `--timeout` is not given. */
  timeoutMs: number;
  env?: NodeJS.ProcessEnv | undefined;
}

/**
 * The connection settings the flags ask for, checked: a bad header, an unreadable or mismatched
 * certificate, claims that are not JSON or an unusable proxy variable is a {@link UsageError}
 * (one line, exit 2) before any request. No base URL at all is one too.
 */
export function readConnection(flags: ConnectionFlags, defaults: ConnectionDefaults, baseUrl = flags['base-url']): ConnectionSettings {
  if (baseUrl === undefined) throw new UsageError('no target — pass --base-url URL or set BASE_URL');
  const read = readConnectionFlags(
    {
      baseUrl,
      token: flags.token,
      jwtSecret: flags['jwt-secret'],
      jwtClaims: flags['jwt-claims'],
      authScheme: flags['auth-scheme'],
      tokenCommand: flags['token-command'],
      headers: flags.header,
      clientCert: flags['client-cert'],
      clientKey: flags['client-key'],
      ca: flags.ca,
      rate: flags.rate,
      timeoutMs: flags.timeout ?? defaults.timeoutMs,
      retryThrottled: flags['retry-throttled'],
    },
    defaults.env ?? process.env,
  );
  if (!read.ok) throw new UsageError(read.error);
  return read.value;
}

/**
 * Runs `use` against the target the {@link TARGET_FLAGS} name: a fresh reference server with
 * `--self-test` (its secret mints the tokens; the proxy variables are ignored, it is on
 * loopback), else `--base-url` (or BASE_URL) as the connection flags say. No target at all is a
 * {@link UsageError}.
 */
export async function withTarget<T>(
  command: string,
  flags: TargetFlags,
  out: NodeJS.WritableStream,
  defaults: ConnectionDefaults,
  use: (target: Target) => Promise<T>,
): Promise<T> {
  if (flags['self-test']) {
    const selfTestFlags = { ...flags, token: undefined, 'token-command': undefined };
    return withSelfTestServer(command, out, (server) => {
      const connection = readConnection({ ...selfTestFlags, 'jwt-secret': server.secret }, { ...defaults, env: {} }, server.url);
      return use({ connection, selfTest: true });
    });
  }
  if (flags['base-url'] === undefined) throw new UsageError('no target — pass --base-url URL or set BASE_URL (or use --self-test)');
  return use({ connection: readConnection(flags, defaults), selfTest: false });
}
