/** The longest delay the server accepts (`--delay`, `x-mgmt-kit-delay`): 2 minutes, so a typo cannot hang a call for days. */
export const MAX_DELAY_MS = 120_000;

/** Milliseconds, or why the text is not a duration. */
export type DurationResult = { ok: true; ms: number } | { ok: false; error: string };

/**
 * Reads `300ms`, `2s`, `1.5s` or a bare number of milliseconds (`300`), from 0 up to
 * {@link MAX_DELAY_MS}. Fractions of a millisecond are rounded.
 *
 * @example parseDuration('2s') // → { ok: true, ms: 2000 }
 */
export function parseDuration(text: string): DurationResult {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*$/i.exec(text);
  if (!match) return { ok: false, error: `"${text}" is not a duration: use milliseconds or seconds, e.g. 300ms or 2s` };
  const ms = Math.round(Number(match[1]) * (match[2]?.toLowerCase() === 's' ? 1000 : 1));
  if (ms > MAX_DELAY_MS) return { ok: false, error: `"${text}" is longer than the ${MAX_DELAY_MS / 1000}s the server waits at most` };
  return { ok: true, ms };
}
