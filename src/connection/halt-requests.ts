import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One stop for every request a run sends from this process, for an interrupted run (SIGINT,
 * SIGTERM): once halted, a connection refuses to send (its requests are cut short), and the
 * requests already on the wire can be waited for — so that the read-back of what the run left,
 * sent on a connection opened with `exemptFromHalt`, sees every record the run made, and no step
 * of a scenario still running creates one after it. The conformance steps open their own
 * connections in this process: a flag of the module is the one thing they all see.
 */
let haltedBecause: string | undefined;
const onTheWire = new Set<Promise<void>>();

/** Refuses every later request of a connection that is not exempt; the first reason stays. */
export function haltRequests(reason: string): void {
  haltedBecause ??= reason;
}

/** Why requests are halted, or undefined while they are not. */
export function requestsHalted(): string | undefined {
  return haltedBecause;
}

/** Counts a request as on the wire until it settles (answered or failed). */
export function trackOnTheWire<T>(request: Promise<T>): Promise<T> {
  const settled = request.then(
    () => undefined,
    () => undefined,
  );
  onTheWire.add(settled);
  void settled.then(() => onTheWire.delete(settled));
  return request;
}

/** Resolves to true once no request is on the wire, or to false at `until` (epoch ms) with some still there. */
export async function requestsSettled(until: number): Promise<boolean> {
  while (onTheWire.size > 0) {
    const left = until - Date.now();
    if (left <= 0) return false;
    // Unreferenced: a wait that loses the race holds no process open.
    await Promise.race([Promise.all([...onTheWire]), sleep(left, undefined, { ref: false })]);
  }
  return true;
}
