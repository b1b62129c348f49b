/**
 * How long after a signal the same signal is the same one delivered again. `npx mgmt-kit …` runs
 * under npm, which forwards SIGINT and SIGTERM to its child: a signal sent to the process group
 * (a CI runner cancelling a job, `kill -- -PGID`) reaches the run twice within milliseconds.
 */
export const REPEATED_DELIVERY_MS = 2_000;

/**
 * Whether `signal`, arriving now, is the first signal delivered again rather than a second signal:
 * the same signal within {@link REPEATED_DELIVERY_MS}. One signal is handled once however it
 * arrives; another signal, or the same one later, ends an interrupted run's read-back at once.
 */
export function isRepeatedDelivery(first: { signal: NodeJS.Signals; at: number }, signal: NodeJS.Signals, now = Date.now()): boolean {
  return signal === first.signal && now - first.at < REPEATED_DELIVERY_MS;
}
