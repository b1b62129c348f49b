/**
 * What a target did, as words that read the same in every run and every scenario (the summary
 * groups failures by it, a baseline holds it): the ids of this run (`mk-…`/`fz-…` under the run
 * prefix) and the ids a scenario knows (a generated one) become `<id>`, UUIDs `<uuid>`, times
 * `<time>`, a port `<port>`, long hexadecimal ids `<hex>`, runs of white space one space, and the
 * text is cut to `max` characters. The steps write observed values with it, and the reports
 * normalise a thrown error's line with it.
 */
const STABLE: ReadonlyArray<[RegExp, string]> = [
  // An id under a run prefix (mk-1a2b3c-ev-0f1e2d3c): the prefix and what the run appended to it.
  [/\b(?:mk|fz)-[0-9a-f]{6}-[\w.~%+-]*/g, '<id>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, '<time>'],
  [/\b\d\d:\d\d:\d\d(?:\.\d+)?\b/g, '<time>'],
  [/(\/\/[\w.-]+|\[[\d:a-f]+\]|\blocalhost|\b\d+\.\d+\.\d+\.\d+):\d{2,5}\b/gi, '$1:<port>'],
  // A generated id the target made up (hex of 16 characters or more, as databases write them).
  [/\b[0-9a-f]{16,}\b/gi, '<hex>'],
];

/** Observed values name a deviation; the answer beside them carries the body. */
const MAX_OBSERVED = 200;

export function normaliseObserved(text: string, options: { knownIds?: Iterable<string> | undefined; max?: number } = {}): string {
  let out = text;
  // Longest first, so an id that holds another is replaced whole; as written, percent-encoded and JSON-escaped.
  const known = [...(options.knownIds ?? [])].filter((id) => id.length >= 4).sort((a, b) => b.length - a.length);
  for (const id of known) {
    out = out.replaceAll(id, '<id>');
    const encoded = encodeURIComponent(id);
    if (encoded !== id) out = out.replaceAll(encoded, '<id>');
    const escaped = JSON.stringify(id).slice(1, -1);
    if (escaped !== id) out = out.replaceAll(escaped, '<id>');
  }
  out = out.replace(/\s+/g, ' ').trim();
  for (const [pattern, placeholder] of STABLE) out = out.replace(pattern, placeholder);
  const max = options.max ?? MAX_OBSERVED;
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** An answer as an observed value: its status, then its body normalised (`406 {"code": 406, …}`). */
export function observedAnswer(status: number, body: string, knownIds?: Iterable<string>): string {
  const text = body.trim();
  return normaliseObserved(text === '' ? String(status) : `${status} ${text}`, { knownIds, max: 160 });
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
