import { UsageError } from './command/usage-error.js';
import { withSelfTestServer } from './self-test-server.js';
import type { TargetFlags } from './shared-flags.js';

/** The implementation a run sends its requests to, and how it authenticates. */
export interface Target {
  baseUrl: string;
  token: string | undefined;
  jwtSecret: string | undefined;
  /** The reference server started for this run: nothing of anyone else's is at stake. */
  selfTest: boolean;
}

/**
 * Runs `use` against the target the {@link TARGET_FLAGS} name: a fresh reference server with
 * `--self-test`, else `--base-url` (or BASE_URL) with the given token or secret. No target at all
 * is a {@link UsageError}.
 */
export async function withTarget<T>(command: string, flags: TargetFlags, out: NodeJS.WritableStream, use: (target: Target) => Promise<T>): Promise<T> {
  if (flags['self-test']) {
    return withSelfTestServer(command, out, (server) => use({ baseUrl: server.url, token: undefined, jwtSecret: server.secret, selfTest: true }));
  }
  const baseUrl = flags['base-url'];
  if (baseUrl === undefined) throw new UsageError('no target — pass --base-url URL or set BASE_URL (or use --self-test)');
  return use({ baseUrl, token: flags.token, jwtSecret: flags['jwt-secret'], selfTest: false });
}
