/**
 * What a target did, as words that read the same in every run: the run's own ids, generated ids,
 * UUIDs, times and ports are replaced by a placeholder, so that one deviation gives one text in
 * every scenario and every run (the summary groups failures by it, a baseline holds it).
 */
const STABLE: ReadonlyArray<[RegExp, string]> = [
  // An id under a run prefix (mk-1a2b3c-ev-0f1e2d3c): the prefix and what the run appended to it.
  [/\b(?:mk|fz)-[0-9a-f]{6}-[\w.~%+-]*/g, '<id>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?/g, '<time>'],
  [/\b\d\d:\d\d:\d\d(?:\.\d+)?\b/g, '<time>'],
  [/(\/\/[\w.-]+|\[[\d:a-f]+\]|\blocalhost|\b\d+\.\d+\.\d+\.\d+):\d{2,5}\b/gi, '$1:<port>'],
  // A generated id the target made up (hex of 16 characters or more, as databases write them).
  [/\b[0-9a-f]{16,}\b/gi, '<hex>'],
];

/** At most this many characters: an observed value names a deviation, the answer field carries the body. */
const MAX_OBSERVED = 200;

export function normaliseObserved(text: string): string {
  let stable = text.replace(/\s+/g, ' ').trim();
  for (const [pattern, placeholder] of STABLE) stable = stable.replace(pattern, placeholder);
  return stable.length > MAX_OBSERVED ? `${stable.slice(0, MAX_OBSERVED - 1)}…` : stable;
}

/**
 * A failure line split into what it says and the body it quotes: the steps end a line on a
 * response with the body (`createEvent answered 200, which …: [{"code": 201, …}]`, `could not
 * create …: 406 {"code": 406, …}`). The body differs from scenario to scenario; the words before
 * it name the deviation.
 */
export function splitQuotedBody(line: string): { words: string; body: string } {
  const match = /(?:: |\b\d{3} )(?=[[{])/.exec(line);
  if (!match) return { words: line, body: '' };
  const cut = match.index + match[0].length;
  return { words: line.slice(0, cut).replace(/:?\s*$/, ''), body: line.slice(cut) };
}
