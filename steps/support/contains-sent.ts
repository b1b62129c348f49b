/**
 * Finds where a stored value stops matching what was sent, or returns undefined when every
 * sent field came back unchanged (§2 rule 4: extra fields are kept as sent). Fields the
 * server adds are tolerated. Lists of objects with an id are matched entry by entry on id in
 * any order (§4.1 rule 5 addresses entries by id); other lists must match in order.
 */
export function findSentMismatch(stored: unknown, sent: unknown, path = ''): string | undefined {
  if (Array.isArray(sent)) {
    if (!Array.isArray(stored)) return `${path || '/'}: expected a list, got ${describe(stored)}`;
    if (stored.length !== sent.length) return `${path || '/'}: expected ${sent.length} entries, got ${stored.length}`;
    const byId = sent.every((entry) => isObject(entry) && typeof entry['id'] === 'string');
    for (const [i, entry] of sent.entries()) {
      const counterpart = byId ? stored.find((s) => isObject(s) && s['id'] === (entry as Record<string, unknown>)['id']) : stored[i];
      const where = byId ? `${path}[id=${String((entry as Record<string, unknown>)['id'])}]` : `${path}[${i}]`;
      if (counterpart === undefined) return `${where}: missing`;
      const mismatch = findSentMismatch(counterpart, entry, where);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (isObject(sent)) {
    if (!isObject(stored)) return `${path || '/'}: expected an object, got ${describe(stored)}`;
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in stored)) return `${path}/${key}: missing (sent ${describe(value)})`;
      const mismatch = findSentMismatch(stored[key], value, `${path}/${key}`);
      if (mismatch) return mismatch;
    }
    return undefined;
  }
  if (typeof sent === 'string' && typeof stored === 'string' && sent !== stored && (sent.length > 80 || stored.length > 80))
    return longTextMismatch(path, sent, stored);
  return Object.is(stored, sent) ? undefined : `${path || '/'}: expected ${describe(sent)}, got ${describe(stored)}`;
}

/** Two long strings read the same in their first 77 characters: their lengths, or where they part, tell them apart. */
function longTextMismatch(path: string, sent: string, stored: string): string {
  const [want, got] = [[...sent], [...stored]];
  if (want.length !== got.length) return `${path || '/'}: expected a string of ${want.length} characters, got one of ${got.length}`;
  return `${path || '/'}: expected a string of ${want.length} characters, got one differing at character ${want.findIndex((c, i) => c !== got[i]) + 1}`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
