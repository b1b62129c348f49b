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

/** What an interrupted run does at its first signal, and how it ends early. */
export interface InterruptSteps {
  /** The first SIGINT or SIGTERM: start the clean-up or read-back. */
  first(signal: NodeJS.Signals): void;
  /** A second signal, or `deadlineMs` after the first: end now, saying why (called once). */
  endNow(signal: NodeJS.Signals, why: string): void;
  deadlineMs: number;
  /** What `deadlineMs` bounds, for the reason: "the read-back". */
  work: string;
}

/** A SIGINT/SIGTERM handler that knows the first signal it got; `done()` once the work it started ended. */
export type InterruptHandle = ((signal: NodeJS.Signals) => void) & { readonly signal: NodeJS.Signals | undefined; done(): void };

/**
 * The signal handler conformance and fuzz share: the first signal starts `first`; the same signal
 * delivered again (npm forwards the one sent to the group) is ignored; another signal, or the
 * deadline, calls `endNow` with the first signal. `done()` clears the deadline once the work ended.
 */
export function handleInterrupt(steps: InterruptSteps): InterruptHandle {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  let deadline: NodeJS.Timeout | undefined;
  let ended = false;
  const endNow = (signal: NodeJS.Signals, why: string) => {
    if (ended) return;
    ended = true;
    clearTimeout(deadline);
    steps.endNow(signal, why);
  };
  const handler = (signal: NodeJS.Signals) => {
    if (first !== undefined) {
      if (isRepeatedDelivery(first, signal)) return;
      return endNow(first.signal, `a second signal (${signal}) came before ${steps.work} finished`);
    }
    first = { signal, at: Date.now() };
    deadline = setTimeout(() => endNow(signal, `${steps.work} did not finish within ${steps.deadlineMs / 1000} s`), steps.deadlineMs);
    steps.first(signal);
  };
  // A getter, not a copy: Object.assign would read `signal` once, before any signal came.
  return Object.defineProperties(handler, {
    signal: { get: () => first?.signal },
    done: { value: () => clearTimeout(deadline) },
  }) as InterruptHandle;
}
