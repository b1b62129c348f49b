import type { ConnectionSettings } from '../connection/connection-settings.js';
import { readConnectionFlags } from './read-connection-flags.js';
import { UsageError } from './command/command-io.js';
import type { ConnectionFlags, TargetFlags } from './shared-flags.js';

/** The implementation a run sends its requests to, and how it reaches it. */
export interface Target {
  /** Base URL, auth, headers, TLS, proxy, pace and time-outs: every request of the run goes by these. */
  connection: ConnectionSettings;
  /** The reference server started for this run: nothing of anyone else's is at stake. */
  selfTest: boolean;
}

/**
 * The connection settings the flags ask for, checked: a bad header, an unreadable or mismatched
 * certificate, claims that are not JSON or an unusable proxy variable (read from `env`) is a
 * {@link UsageError} (one line, exit 2) before any request. No base URL at all is one too.
 */
export function readConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env, baseUrl = flags.baseUrl): ConnectionSettings {
  if (baseUrl === undefined) throw new UsageError('no target — pass --base-url URL or set BASE_URL');
  const read = readConnectionFlags({ ...flags, baseUrl }, env);
  if (!read.ok) throw new UsageError(read.error);
  return read.value;
}

/**
 * Runs `use` against the target the target flags (shared-flags.ts) name: a fresh reference server
 * with `--self-test` (its secret mints the tokens; the proxy variables are ignored, it is on
 * loopback), else `--base-url` (or BASE_URL) as the connection flags say, the proxy variables
 * read from `env`. No target at all is a {@link UsageError}.
 */
export async function withTarget<T>(
  command: string,
  flags: TargetFlags,
  out: NodeJS.WritableStream,
  use: (target: Target) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  if (flags.selfTest) {
    // The server's secret mints every token: a token or token command given for another target is left out.
    const { token: _token, tokenCommand: _tokenCommand, ...selfTestFlags } = flags;
    return withSelfTestServer(command, out, (server) =>
      use({ connection: readConnection({ ...selfTestFlags, jwtSecret: server.secret }, {}, server.url), selfTest: true }),
    );
  }
  if (flags.baseUrl === undefined) throw new UsageError('no target — pass --base-url URL or set BASE_URL (or use --self-test)');
  return use({ connection: readConnection(flags, env), selfTest: false });
}

/** The reference server a `--self-test` run is pointed at, and the secret its tokens are signed with. */
export interface SelfTestServer {
  url: string;
  secret: string;
}

/**
 * Starts the reference server for a self-test run — loopback, a free port, a fresh secret — says
 * where on `out`, lets `use` run against it, and closes it afterwards, whether `use` resolves or
 * throws. The server is loaded only here, so commands that do not self-test never pay for it.
 */
export async function withSelfTestServer<T>(command: string, out: NodeJS.WritableStream, use: (server: SelfTestServer) => Promise<T>): Promise<T> {
  const { generateSecret, startReferenceServer } = await import('../server/index.js');
  const secret = generateSecret();
  const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  out.write(`mgmt-kit ${command} --self-test: reference server at ${server.url}\n`);
  try {
    return await use({ url: server.url, secret });
  } finally {
    await server.close();
  }
}
