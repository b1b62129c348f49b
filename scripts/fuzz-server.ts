// One `mgmt-kit fuzz` run against a server a sweep started, which is stopped after it: the sweeps
// (fuzz:sweep, fuzz:random-faithful, fuzz:sensitivity) differ only in their targets and verdicts.
// The token is signed with the server's own secret; a run sends the destructive probe only when `allowDestructive` says so.
import { plainConnection } from '../src/connection/connection-settings.js';
import type { FuzzOptions, FuzzReport } from '../src/fuzz/run/fuzz-options.js';
import { runFuzz } from '../src/fuzz/run/run-fuzz.js';
import { mintToken } from '../src/contract/tokens/index.js';

interface SweptServer {
  url: string;
  secret: string;
  close(): Promise<void>;
}

export async function fuzzServer<S extends SweptServer>(
  start: Promise<S>,
  options: (
    server: S,
  ) => Omit<FuzzOptions, 'connection' | 'allowDestructive'> & { jwtClaims?: Record<string, unknown> | undefined; allowDestructive?: boolean },
): Promise<{ server: S; report: FuzzReport }> {
  const server = await start;
  try {
    const { jwtClaims, allowDestructive = false, ...fuzz } = options(server);
    const token = await mintToken({ secret: server.secret, claims: jwtClaims, expiresIn: '1h' });
    return {
      server,
      report: await runFuzz({ connection: plainConnection(server.url, { token, jwtSecret: server.secret }), allowDestructive, ...fuzz }),
    };
  } finally {
    await server.close();
  }
}
