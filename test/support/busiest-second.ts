/**
 * The most arrivals within any one second (a window shorter than 1,000 ms) of the given times. Tests stamp an arrival
 * as `performance.now() - entry.durationMs` in the target's own process: a monotonic sub-ms clock, so two requests the
 * rate gate let through 1,010 ms apart are never read as 999 ms apart, as whole-millisecond stamps can.
 */
export function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}
