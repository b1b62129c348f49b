/**
 * JSON.parse that returns undefined for an empty or non-JSON body instead of throwing: a body
 * may be empty (204, 304, a dropped 205) or not JSON at all, and the caller decides what that means.
 */
export function parseJsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Response headers as a plain object with lower-case names; repeated values joined with ", ". */
export function normaliseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
