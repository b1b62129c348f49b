import { extname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './start-child-server.js';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
// The ceiling entry of this build: dist/bench/ceiling-main.js beside the compiled benchmark, or
// the .ts file when the benchmark itself runs from src/ under tsx (in a clone).
const FROM_SOURCE = extname(fileURLToPath(import.meta.url)) === '.ts';
const CEILING_MAIN = fileURLToPath(new URL(`./ceiling-main${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url));

/** `mgmt-kit serve` as users run it, on a free loopback port, quiet (no log line per request). */
export function startReferenceProcess(secret: string, seedFile: string | undefined, empty = false): Promise<ChildServer> {
  const args = [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--jwt-secret', secret];
  if (seedFile !== undefined) args.push('--seed', seedFile);
  if (empty) args.push('--empty');
  return startChildServer(args, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 180_000);
}

/** The bare node:http ceiling in its own process. */
export function startCeilingProcess(): Promise<ChildServer> {
  // From src/ the child needs the tsx loader, by URL so that it is found wherever the bench runs.
  const loader = FROM_SOURCE ? ['--import', import.meta.resolve('tsx')] : [];
  return startChildServer([...loader, CEILING_MAIN], /ready on (http:\/\/127\.0\.0\.1:\d+)/);
}

/** A port that was free a moment ago: Prism takes its port from the command line, not from the system. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `mgmt-kit mock` (Prism) as users run it, on a free loopback port. Its ready line comes after
 * Prism's own listen, so the port is Prism's once it appears; Prism needs a few seconds for it.
 */
export async function startPrismProcess(): Promise<ChildServer> {
  const port = await findFreePort();
  return startChildServer([BIN, 'mock', '--port', String(port), '--host', '127.0.0.1'], /ready on (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
}
