import { holdToken, type TokenProvider } from '../client/index.js';
import type { ConnectionSettings } from './connection-settings.js';
import { tokenSourceOf } from './token-source.js';

/** Given back once a request's answer has ended (or it failed): its connection is free again. */
export type Release = () => void;

/**
 * What every request of one run shares, whichever process sends it: the connection cap, the rate
 * and the token. The process that starts the run holds it; conformance workers reach it over
 * loopback (connection-broker.ts).
 */
export interface RunCoordinator {
  /** Waits for a free connection and the rate's room; undefined (nothing taken) when `until` (epoch ms) comes first. */
  permit(until?: number): Promise<Release | undefined>;
  /** The run's token; with `stale`, the target answered 401 to it: a newer one, or undefined when none can come. */
  token(stale?: string): Promise<string | undefined>;
  /** Whether a 401 to the run's token is worth asking again (a command or a secret, not a fixed token). */
  readonly refreshable: boolean;
}

/**
 * The gate of a run's requests: at most `maxConnections` in flight, and with `rate`, at most
 * `rate` in any one second as the target sees them. A request counts against the rate from the
 * moment it may go until one second after its answer ended: the target received it somewhere in
 * between, so however late it got there (a loaded machine, a worker's loopback call), no second of
 * the target's clock holds more than `rate` requests. A sliding window over whole requests, never
 * a burst beyond it. Requests go in the order they asked.
 */
export function createRequestGate(maxConnections: number, rate?: number, now: () => number = Date.now) {
  let inFlight = 0;
  const ended: number[] = [];
  const waiting: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    clearTimeout(timer);
    while (ended.length > 0 && ended[0]! <= now() - 1000) ended.shift();
    while (waiting.length > 0 && inFlight < maxConnections) {
      if (rate !== undefined && inFlight + ended.length >= rate) {
        // Full: the next room comes when the oldest answer leaves the window, or at a release.
        if (ended.length > 0) timer = setTimeout(pump, ended[0]! + 1001 - now());
        return;
      }
      inFlight++;
      waiting.shift()!();
    }
  };
  const permit = (until?: number) =>
    new Promise<Release | undefined>((resolve) => {
      const go = () => {
        clearTimeout(expiry);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          inFlight--;
          if (rate !== undefined) ended.push(now());
          pump();
        });
      };
      const giveUp = () => {
        const at = waiting.indexOf(go);
        if (at < 0) return;
        waiting.splice(at, 1);
        resolve(undefined);
      };
      const expiry = until === undefined ? undefined : setTimeout(giveUp, Math.max(0, until - now()));
      waiting.push(go);
      pump();
    });
  return { permit };
}

/** The coordinator of a run, in this process; `source` replaces the settings' token (tests). */
export function createRunCoordinator(
  settings: Pick<ConnectionSettings, 'auth' | 'rate' | 'maxConnections'>,
  source: string | TokenProvider | undefined = tokenSourceOf(settings.auth),
): RunCoordinator {
  const tokens = holdToken(source);
  return {
    permit: createRequestGate(settings.maxConnections, settings.rate).permit,
    token: (stale) => (stale === undefined ? tokens.current() : tokens.renewAfter401(stale)),
    refreshable: typeof source === 'function',
  };
}
