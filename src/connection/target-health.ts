import { ConnectionFailure, type FailureKind } from './connection-failure.js';

/** Connection failures in a row after which the target is probed (a dropped delete or two is not a dead target). */
export const FAILURES_BEFORE_PROBE = 5;

/** The words every "stopped" message starts with: the conformance command finds them in a scenario's error. */
export const TARGET_STOPPED = 'the target stopped answering';

/** Kinds that say nothing answered at all; TLS, proxy, token, throttling and a run's own time limit say something else. */
const SILENT: ReadonlySet<FailureKind> = new Set(['url', 'timeout']);

/** When and how the target stopped answering. */
export interface TargetStop {
  at: Date;
  /** Requests this process had sent when it was found. */
  afterRequests: number;
  /** The one line every later request fails with, and the run prints. */
  line: string;
}

/** What a connection watches of its target: consecutive failures to answer, and a probe once they pile up. */
export interface TargetHealth {
  /** Undefined while the target answers. */
  readonly stopped: TargetStop | undefined;
  /** Call with what a request gave; resolves to the failure to throw (the stop's own when the probe confirms it). */
  observe(outcome: { ok: true } | { ok: false; failure: ConnectionFailure }, sent: number, until?: number): Promise<ConnectionFailure | undefined>;
  /** The failure a request gets, unsent, once the target stopped. */
  refuse(): ConnectionFailure | undefined;
}

/**
 * Watches a run's requests: after {@link FAILURES_BEFORE_PROBE} in a row got no answer (refused,
 * reset, dropped, timed out), `probe` sends one plain read (within the request's own `until`:
 * a run's time limit holds for it too); when that gets no answer either, the
 * target has stopped, and every later request fails at once with one line saying when and after
 * how many requests — instead of every remaining scenario waiting for its own time-out and
 * printing its own stack. Any answer, of any status, proves it alive and starts the count again.
 */
export function createTargetHealth(probe: (until: number | undefined) => Promise<boolean>, now: () => Date = () => new Date()): TargetHealth {
  let inARow = 0;
  let lastMessage = '';
  let stopped: TargetStop | undefined;
  let probing: Promise<boolean> | undefined;
  const stopFailure = () => (stopped ? new ConnectionFailure('stopped', stopped.line) : undefined);
  return {
    get stopped() {
      return stopped;
    },
    refuse: stopFailure,
    async observe(outcome, sent, until) {
      if (stopped) return stopFailure();
      if (outcome.ok) {
        inARow = 0;
        return undefined;
      }
      if (!SILENT.has(outcome.failure.kind)) return outcome.failure;
      inARow++;
      lastMessage = outcome.failure.message;
      if (inARow < FAILURES_BEFORE_PROBE) return outcome.failure;
      probing ??= probe(until).finally(() => (probing = undefined));
      const alive = await probing;
      if (alive) {
        inARow = 0;
        return outcome.failure;
      }
      if (!stopped) {
        const at = now();
        stopped = {
          at,
          afterRequests: sent,
          line: `${TARGET_STOPPED} at ${at.toISOString().slice(11, 19)} UTC, after ${sent} requests: ${inARow} in a row got no answer (last: ${lastMessage}) and neither did a probe read`,
        };
      }
      return stopFailure();
    },
  };
}
