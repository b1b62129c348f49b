import type { ConnectionSettings } from './connection-settings.js';
import { createRequestPacer, UNPACED } from './request-pacer.js';
import { createTokenSource, type TokenSource } from './token-source.js';

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
