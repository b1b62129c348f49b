const MS_PER_UNIT: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A time as people write it on a command line: `500ms`, `60s`, `1.5s`, `2m`, `1h`, or a bare
 * number of seconds (`90`). Resolves to whole milliseconds, or undefined when unreadable.
 *
 * @example readDuration('2m') // → 120000
 */
export function readDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  return Math.round(Number(match[1]) * MS_PER_UNIT[match[2] ?? 's']!);
}
