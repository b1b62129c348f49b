/** The `where` of `--where`: `field=value` (§4.1 `where.equals`), or a JSON object sent as it is (the query language). */
export function readWhereFlag(text: string): { ok: true; where: Record<string, unknown> } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ok: true, where: value as Record<string, unknown> };
    } catch {
      // the message below says what is expected
    }
    return { ok: false, error: `--where ${text}: not a JSON object (e.g. '{"equals":{"target":"kind","expr":"link-down"}}')` };
  }
  const equals = trimmed.indexOf('=');
  if (equals <= 0) return { ok: false, error: `--where "${text}": write FIELD=VALUE (e.g. kind=link-down) or a JSON where object` };
  return { ok: true, where: { equals: { target: trimmed.slice(0, equals).trim(), expr: trimmed.slice(equals + 1) } } };
}
