/**
 * What a target did, written so that one deviation reads the same in every scenario and every run
 * (a baseline matches on it, the summary groups failures by it): the ids of this run (`mk-…`
 * under the run prefix) and the ids the scenario knows (a generated one) become `<id>`, UUIDs
 * `<uuid>`, times `<time>`, a loopback address's port goes, runs of white space become one
 * space, and the text is cut to `max` characters.
 */
export function normaliseObserved(text: string, options: { knownIds?: Iterable<string> | undefined; max?: number } = {}): string {
  let out = text;
  // Longest first, so an id that holds another is replaced whole.
  const known = [...(options.knownIds ?? [])].filter((id) => id.length >= 4).sort((a, b) => b.length - a.length);
  for (const id of known) {
    out = out.replaceAll(id, '<id>');
    const encoded = encodeURIComponent(id);
    if (encoded !== id) out = out.replaceAll(encoded, '<id>');
    const escaped = JSON.stringify(id).slice(1, -1);
    if (escaped !== id) out = out.replaceAll(escaped, '<id>');
  }
  out = out
    // A run's ids: the prefix, then letters, digits and the few marks the kit's ids hold.
    .replace(/\b(?:mk|fz)-[0-9a-f]{6}-[\w.~%+-]*/g, '<id>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\b/g, '<time>')
    .replace(/\b(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const max = options.max ?? 160;
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

/** An answer as an observed value: its status, then its body normalised (`406 {"code": 406, …}`). */
export function observedAnswer(status: number, body: string, knownIds?: Iterable<string>): string {
  const text = body.trim();
  return normaliseObserved(text === '' ? String(status) : `${status} ${text}`, { knownIds });
}
