import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './start-child-server.js';

const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const CEILING_MAIN = fileURLToPath(new URL('./ceiling-main.ts', import.meta.url));

/** `mgmt-kit serve` as users run it, on a free loopback port, quiet (no log line per request). */
export function startReferenceProcess(secret: string, seedFile: string | undefined, empty = false): Promise<ChildServer> {
  const args = [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--quiet', '--jwt-secret', secret];
  if (seedFile !== undefined) args.push('--seed', seedFile);
  if (empty) args.push('--empty');
  return startChildServer(args, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 180_000);
}

/** The bare node:http ceiling in its own process. */
export function startCeilingProcess(): Promise<ChildServer> {
  // The tsx loader by URL, so the child finds it wherever `mgmt-kit bench` is run from.
  return startChildServer(['--import', import.meta.resolve('tsx'), CEILING_MAIN], /ready on (http:\/\/127\.0\.0\.1:\d+)/);
}
