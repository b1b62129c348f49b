import { DURATION_EXAMPLES, isBareNumber, parseDuration } from '../../reference-server/mock-controls/parse-duration.js';

/** A duration flag's value in milliseconds, or what is wrong with its text (a message for exit 2, after the flag commander names). */
export type DurationFlagResult = { ok: true; ms: number } | { ok: false; error: string };

/**
 * A duration flag (`--timeout`, `--time-budget`) in the kit's one grammar (parse-duration.ts:
 * `500ms`, `60s`, `1.5s`, `2m`, `1h`). These flags read a bare number as seconds until 0.x and
 * every other duration of the kit as milliseconds; so that `--timeout 90` cannot silently become
 * 90 ms, a bare number is refused for one release with the spelling to use instead.
 *
 * @example readDuration('2m', '--time-budget') // → { ok: true, ms: 120000 }
 */
export function readDuration(text: string, from: string): DurationFlagResult {
  if (isBareNumber(text)) {
    const n = text.trim();
    return {
      ok: false,
      error:
        `${from} ${n}: give the unit — ${n}s for seconds, ${n}ms for milliseconds. ${from} read a bare number as seconds until now, ` +
        'while every other duration of mgmt-kit (--delay, x-mgmt-kit-delay, fault rules) reads it as milliseconds; from the next release a bare number is milliseconds everywhere',
    };
  }
  const result = parseDuration(text);
  // Without a max, parseDuration refuses only unreadable text; its hint about bare numbers does not hold here yet.
  return result.ok ? result : { ok: false, error: `"${text}" is not a duration: ${DURATION_EXAMPLES}` };
}
