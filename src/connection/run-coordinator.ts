import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectionSettings } from './connection-settings.js';
import { createTokenSource, type TokenSource } from './token-source.js';

/** Hands out the moments at which requests may be sent, so a run stays under its rate. */
export interface RequestPacer {
  /**
   * Waits for the next free slot and resolves true once it has come; resolves false at once,
   * taking no slot, when the slot would come after `until` (epoch ms).
   */
  slot(until?: number): Promise<boolean>;
}

/** No cap: every request goes at once. */
const UNPACED: RequestPacer = { slot: async () => true };

/**
 * At most `perSecond` requests a second, evenly spaced (one every 1000/N ms, no bursts), in the
 * order they asked. Every process of a run asks the same pacer (connection-broker.ts), so the
 * cap holds across `--parallel` workers.
 */
export function createRequestPacer(perSecond: number, now: () => number = Date.now): RequestPacer {
  const gapMs = 1000 / perSecond;
  let next = 0;
  return {
    async slot(until) {
      const at = Math.max(now(), next);
      if (until !== undefined && at > until) return false;
      next = at + gapMs;
      const wait = at - now();
      if (wait > 0) await sleep(wait);
      return true;
    },
  };
}

/**
 * What all the requests of one run share, whichever process sends them: the pace (`--rate`) and
 * the token. The process that starts the run holds it ({@link createRunCoordinator}); conformance
 * workers reach it over loopback (connection-broker.ts), so the cap and each token refresh hold
 * for the whole run.
 */
export interface RunCoordinator {
  /** Waits for the next request slot; false (no slot taken) when it would come after `until`. */
  slot(until?: number): Promise<boolean>;
  /** The run's token; with `stale`, one newer than it when due (see {@link TokenSource.renew}). */
  token(stale?: string, force?: boolean): Promise<string | undefined>;
  /** Whether a 401 to the run's token is worth a new token (a command or a secret, not a fixed token). */
  readonly refreshable: boolean;
}

/** The coordinator of a run, in this process. */
export function createRunCoordinator(
  settings: Pick<ConnectionSettings, 'auth' | 'rate'>,
  tokens: TokenSource = createTokenSource(settings.auth),
): RunCoordinator & { tokens: TokenSource } {
  const pacer = settings.rate === undefined ? UNPACED : createRequestPacer(settings.rate);
  return {
    slot: (until) => pacer.slot(until),
    token: (stale, force = false) => (stale === undefined && !force ? tokens.current() : tokens.renew(stale, force)),
    refreshable: tokens.refreshable,
    tokens,
  };
}
