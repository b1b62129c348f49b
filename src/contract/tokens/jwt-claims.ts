/** Extra claims a deployment requires in its tokens (iss, aud, roles, …): `--jwt-claims`. */
export type JwtClaims = Record<string, unknown>;

/**
 * Parses the `--jwt-claims` / JWT_CLAIMS value: a JSON object. Returns the reason when it is not
 * one, so the CLI can refuse it with a clear message.
 */
export function parseJwtClaims(text: string | undefined): { ok: true; claims: JwtClaims } | { ok: false; error: string } {
  if (text === undefined || text.trim() === '') return { ok: true, claims: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ok: true, claims: value as JwtClaims };
  } catch {
    // fall through to the error below
  }
  return { ok: false, error: `--jwt-claims must be a JSON object, e.g. '{"iss":"my-idp","aud":"mgmt"}', got ${text}` };
}
