/** The longest delay the server accepts (`--delay`, `x-mgmt-kit-delay`, a fault rule's delay): 2 minutes, so a typo cannot hang a call for days. */
export const MAX_DELAY_MS = 120_000;

/** Milliseconds, or why the text is not a duration. */
export type DurationResult = { ok: true; ms: number } | { ok: false; error: string };

const MS_PER_UNIT: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** How a duration is written, for messages that refuse one. */
export const DURATION_EXAMPLES = 'write e.g. 300ms, 2s, 1.5s, 2m or 1h';

/** True for a number without a unit (`90`, `1.5`): milliseconds in the kit's one duration grammar. */
export const isBareNumber = (text: string): boolean => /^\s*\d+(?:\.\d+)?\s*$/.test(text);

/**
 * The kit's one duration grammar, for every flag (`--timeout`, `--time-budget`, `--delay`), the
 * `x-mgmt-kit-delay` header and the delay of a fault rule: `300ms`, `2s`, `1.5s`, `2m`, `1h`
 * (any letter case, spaces around), or a bare number of milliseconds (`300`) — milliseconds, as
 * JavaScript's timers, msw's `delay()` and Playwright count. Fractions of a millisecond are
 * rounded; `max` (default none) bounds the result.
 *
 * @example parseDuration('2s') // → { ok: true, ms: 2000 }
 * @example parseDuration('2m', { max: MAX_DELAY_MS }) // → { ok: true, ms: 120000 }
 */
export function parseDuration(text: string, options: { max?: number } = {}): DurationResult {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  if (!match) return { ok: false, error: `"${text}" is not a duration: ${DURATION_EXAMPLES} (a bare number is milliseconds)` };
  const ms = Math.round(Number(match[1]) * MS_PER_UNIT[(match[2] ?? 'ms').toLowerCase()]!);
  const { max } = options;
  if (max !== undefined && !(ms <= max)) return { ok: false, error: `"${text}" is longer than the ${max / 1000}s the server waits at most` };
  return { ok: true, ms };
}
