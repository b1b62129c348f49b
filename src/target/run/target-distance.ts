import { availableParallelism } from 'node:os';
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

/**
 * Worker processes per processor for `--parallel auto`. A worker spends a few milliseconds of CPU
 * on each request: at 20 ms six workers on two processors finished a core run sooner than seven or
 * eight, which only added CPU (docs/performance.md).
 */
export const AUTO_WORKERS_PER_CPU = 3;

/**
 * `--parallel auto` against a distant target: a worker for each connection the cap allows, at most
 * {@link AUTO_WORKERS_PER_CPU} per processor of this machine, so that `--max-connections 100` does not
 * start a hundred processes on a two-processor CI runner.
 */
export function autoWorkers(maxConnections: number, cpus = availableParallelism()): number {
  return Math.max(1, Math.min(maxConnections, AUTO_WORKERS_PER_CPU * cpus));
}
