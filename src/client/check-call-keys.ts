/**
 * Throws a TypeError when a call object holds a key its method does not read. TypeScript refuses
 * such a call already; from JavaScript a misplaced key would be dropped in silence, and for
 * `delete({ where })` (the query not under `query`) that means deleting every record (§4.1 rule 1).
 */
export function checkCallKeys(method: string, call: object | undefined, keys: readonly string[]): void {
  if (call === undefined) return;
  const unknown = Object.keys(call).filter((key) => !keys.includes(key));
  if (unknown.length === 0) return;
  const named = unknown.map((key) => `"${key}"`).join(', ');
  throw new TypeError(`${method}: ${named} is not a key of the call object, which takes { ${keys.join(', ')} } — nothing was sent`);
}
