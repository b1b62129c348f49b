/** How the run's closing line starts for a scenario whose call the target throttled (src/connection/open-connection.ts). */
const THROTTLED = 'the target throttled the run';

/**
 * A throttled call is not a verdict on the service: a gateway refused to pass it on (429, or 503
 * with Retry-After). It fails its scenario with that line, and the run says so apart: how many of
 * the new failures were throttled, and whether they are all of them (exit 3 instead of 1).
 * Undefined when no failure was.
 */
export function describeThrottling(
  newFailures: ReadonlyArray<{ error: string }>,
  rate: number | undefined,
): { line: string; onlyThrottled: boolean } | undefined {
  const throttled = newFailures.filter((f) => f.error.includes(THROTTLED)).length;
  if (throttled === 0) return undefined;
  const onlyThrottled = throttled === newFailures.length;
  const scope = onlyThrottled ? 'every failed scenario' : `${throttled} of the ${newFailures.length} failed scenarios`;
  return {
    onlyThrottled,
    line:
      `${THROTTLED}: ${scope} failed on a 429 (or a 503 with Retry-After) from the target or a gateway before it — no verdict on those. ` +
      `Lower --rate (${rate === undefined ? 'now unlimited' : `now ${rate}/s`}) or let --retry-throttled N wait and retry.`,
  };
}
