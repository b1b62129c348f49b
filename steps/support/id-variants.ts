/**
 * Ids that test that an id is an exact string (§2, §4.1 `{base}/{id}`): pairs that differ in one
 * way only, and ids holding characters a path carries percent-encoded. Each is appended to a new
 * id under the run prefix, so it stays the run's own (clean-up, real data).
 */

/** Two id endings that differ only by … — each pair names two records. */
export const ID_DIFFERENCES: Readonly<Record<string, readonly [string, string]>> = {
  'letter case': ['-node', '-Node'],
  // The precomposed é (U+00E9) and e followed by the combining acute accent (U+0301): canonically
  // equivalent under Unicode normalization, yet two strings.
  'Unicode normalization': ['-caf\u00e9', '-cafe\u0301'],
  'a trailing space': ['-edge', '-edge '],
};

/**
 * Id endings holding characters a path segment carries percent-encoded. `/` is left out: it can
 * only travel as %2F, which many HTTP stacks refuse or decode before routing (x-decisions ids-in-path).
 */
export const ID_CHARACTERS: Readonly<Record<string, string>> = {
  'a space': '-core link',
  // %41 decodes to A: a server that decodes twice reads another id; 100% alone is no escape at all.
  'a percent sign': '-100%-%41',
  'a question mark': '-why?',
  'a hash sign': '-#1',
  'a plus sign': '-a+b',
  'letters beyond ASCII': '-café-東京-🚀',
};

/** The id ending for a row of the features, or an error naming the rows there are. */
export function idEnding<T>(table: Readonly<Record<string, T>>, words: string): T {
  const found = table[words];
  if (found === undefined) throw new Error(`no id variant "${words}"; known: ${Object.keys(table).join(', ')}`);
  return found;
}
