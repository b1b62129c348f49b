import type { ConnectionSession } from '../../connection/open-connection.js';

/**
 * The round trip from which a target counts as distant: a target on this machine or next to it
 * answers a plain read well within it, a deployment over a network rarely does.
 */
export const DISTANT_MS = 10;

/**
 * Whether the target is distant: three plain reads (`GET /type/network-link`, what the pre-flight
 * sends) each take {@link DISTANT_MS} or more — a slow read or two on a busy machine does not make a
 * neighbour distant. Against a distant target a run gains by keeping several requests in flight
 * (`--parallel auto`); against a near one, worker processes cost more than they save.
 */
export async function isDistant(session: ConnectionSession): Promise<boolean> {
  for (let read = 0; read < 3; read++) {
    const started = performance.now();
    await session.send({ method: 'GET', path: '/type/network-link' }).catch(() => undefined);
    if (performance.now() - started < DISTANT_MS) return false;
  }
  return true;
}
