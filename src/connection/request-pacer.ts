import { setTimeout as sleep } from 'node:timers/promises';

/** Hands out the moments at which requests may be sent, so a run stays under its rate. */
export interface RequestPacer {
  /**
   * Waits for the next free slot and resolves true once it has come; resolves false at once,
   * taking no slot, when the slot would come after `until` (epoch ms).
   */
  slot(until?: number): Promise<boolean>;
}

/** No cap: every request goes at once. */
export const UNPACED: RequestPacer = { slot: async () => true };

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
