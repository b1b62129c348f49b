import { MAX_DELAY_MS, parseDuration } from './parse-duration.js';

/** How long to wait before an answer: a fixed time (`minMs === maxMs`) or a uniform range. */
export interface DelayRange {
  minMs: number;
  maxMs: number;
}

/** What `--delay` and `createHandlers({ delay })` take: `'300ms'`, `'100-800ms'`, `'1-2s'`, a number of ms, or a range. */
export type DelaySetting = string | number | DelayRange;

/** The range, or why the setting is not one. */
export type DelayRangeResult = { ok: true; range: DelayRange } | { ok: false; error: string };

function checkRange(minMs: number, maxMs: number, shown: string): DelayRangeResult {
  const valid = Number.isFinite(minMs) && Number.isFinite(maxMs) && minMs >= 0 && maxMs <= MAX_DELAY_MS;
  if (!valid) return { ok: false, error: `delay ${shown} must lie between 0 and ${MAX_DELAY_MS}ms` };
  if (minMs > maxMs) return { ok: false, error: `delay ${shown}: the lower bound is above the upper one` };
  return { ok: true, range: { minMs, maxMs } };
}

/**
 * Reads a delay setting. In a range the unit of the upper bound also applies to a lower bound
 * without one: `100-800ms` is 100 to 800 ms, `1-2s` is 1 to 2 s, `500ms-2s` mixes them.
 *
 * @example parseDelayRange('100-800ms') // → { ok: true, range: { minMs: 100, maxMs: 800 } }
 */
export function parseDelayRange(setting: DelaySetting): DelayRangeResult {
  if (typeof setting === 'number') return checkRange(setting, setting, `${setting}`);
  if (typeof setting === 'object') return checkRange(setting.minMs, setting.maxMs, JSON.stringify(setting));
  const parts = setting.split('-');
  if (parts.length > 2) return { ok: false, error: `delay "${setting}" is not a duration or a range such as 100-800ms` };
  const upper = parseDuration(parts[parts.length - 1]!, { max: MAX_DELAY_MS });
  if (!upper.ok) return { ok: false, error: `delay ${upper.error}` };
  if (parts.length === 1) return checkRange(upper.ms, upper.ms, `"${setting}"`);
  const unit = /(ms|s|m|h)\s*$/i.exec(parts[1]!)?.[1] ?? 'ms';
  const lowerText = /\d\s*$/.test(parts[0]!) ? `${parts[0]}${unit}` : parts[0]!;
  const lower = parseDuration(lowerText, { max: MAX_DELAY_MS });
  if (!lower.ok) return { ok: false, error: `delay ${lower.error}` };
  return checkRange(lower.ms, upper.ms, `"${setting}"`);
}

/**
 * The setting as a range; throws a RangeError naming the problem. For options given in code
 * (`startReferenceServer`, `createHandlers`), where a bad value is a programming error.
 */
export function toDelayRange(setting: DelaySetting): DelayRange {
  const result = parseDelayRange(setting);
  if (!result.ok) throw new RangeError(result.error);
  return result.range;
}

/** A delay drawn uniformly from the range (whole milliseconds); `random` returns [0, 1). */
export function pickDelay(range: DelayRange, random: () => number = Math.random): number {
  return range.minMs + Math.floor(random() * (range.maxMs - range.minMs + 1));
}

/** Waits that can be dropped all at once; see {@link createWaitSet}. */
export interface WaitSet {
  wait(ms: number): Promise<void>;
  /** Clears every pending timer; those waits never resolve (their requests are gone with the server). */
  cancelAll(): void;
}

/**
 * Timers for delayed answers that a closing server drops, so a pending `x-mgmt-kit-delay: 2m`
 * cannot keep a stopped process alive. (Not unref'd timers: under msw in Node a pending delay
 * may be the only thing that keeps a test process running, and it must.)
 */
export function createWaitSet(): WaitSet {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
