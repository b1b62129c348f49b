import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionFailure } from './connection-failure.js';
import type { OutgoingRequest, RawAnswer } from './send-once.js';

/** The longest Retry-After a run waits for with `--retry-throttled`; a longer one is reported instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The wait when a 429 names none. */
const DEFAULT_WAIT_MS = 1000;

/**
 * Whether a gateway throttled the call: 429 Too Many Requests always, 503 only when it says when
 * to come back (Retry-After) — a 503 without it is the service failing, which the run judges.
 */
export function isThrottled(answer: Pick<RawAnswer, 'status' | 'headers'>): boolean {
  return answer.status === 429 || (answer.status === 503 && answer.headers['retry-after'] !== undefined);
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); a default when absent or unreadable. */
export function retryAfterMs(answer: Pick<RawAnswer, 'headers'>, nowMs = Date.now()): number {
  const value = answer.headers['retry-after']?.trim();
  if (value === undefined || value === '') return DEFAULT_WAIT_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_WAIT_MS : Math.max(0, date - nowMs);
}

/**
 * The connection's one retry of an answer: one that says the gateway throttled the run is waited
 * out (Retry-After) and sent again, up to `retries` times, when the wait is at most
 * {@link MAX_RETRY_AFTER_MS} and ends before `until`; otherwise the call fails as `throttled`.
 */
export async function retryThrottled(
  request: Pick<OutgoingRequest, 'method' | 'url'>,
  first: RawAnswer,
  again: () => Promise<RawAnswer>,
  // The retries allowed, the run's end, the rate (for the message), and a count of every throttled answer (the run reports them).
  policy: { retries: number; until?: number | undefined; rate?: number | undefined; onThrottled(): void },
): Promise<RawAnswer> {
  let answer = first;
  for (let retries = 0; isThrottled(answer); retries++) {
    policy.onThrottled();
    const wait = retryAfterMs(answer);
    if (retries >= policy.retries || wait > MAX_RETRY_AFTER_MS || (policy.until !== undefined && Date.now() + wait >= policy.until)) {
      const after = answer.headers['retry-after'];
      const tried = retries > 0 ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'}` : '';
      throw new ConnectionFailure(
        'throttled',
        `the target throttled the run: ${request.method} ${request.url.href} answered ${answer.status}${after !== undefined ? ` (Retry-After: ${after})` : ''}${tried}. ` +
          `This is the gateway's limit, not a verdict on the service: lower --rate (${policy.rate === undefined ? 'now unlimited' : `now ${policy.rate}/s`}), or let --retry-throttled N wait and send it again`,
      );
    }
    await sleep(wait);
    answer = await again();
  }
  return answer;
}
