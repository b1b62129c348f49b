/** Which kind of token to mint: a valid one, or one that must fail authentication (§5). */
export type TokenKind = 'valid' | 'expired' | 'not-yet-valid' | 'wrong-signature';

const HOUR = 3600;

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

/**
 * Mints an HS256 JWT with the shared secret (x-decisions auth-header). The failing kinds keep
 * the shape of a good token, so a server that only checks the shape is caught: `expired` has
 * `exp` an hour ago, `not-yet-valid` has `nbf` an hour ahead, `wrong-signature` is signed with
 * another key. `claims` adds what a deployment requires (iss, aud, …); they do not change the
 * flaw of a failing kind.
 *
 * @example const token = await mintJwt('s3cret', 'valid');
 */
export async function mintJwt(secret: string, kind: TokenKind = 'valid', claims: JwtClaims = {}): Promise<string> {
  // Imported here, not at the top: the CLI reads --jwt-claims (parseJwtClaims) for every command
  // that connects, and a command that never mints a token should not load jose.
  const { SignJWT } = await import('jose');
  const now = Math.floor(Date.now() / 1000);
  const subject = typeof claims['sub'] === 'string' ? claims['sub'] : 'mgmt-kit-conformance';
  const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject);
  if (kind === 'expired') jwt.setIssuedAt(now - 2 * HOUR).setExpirationTime(now - HOUR);
  else if (kind === 'not-yet-valid') jwt.setIssuedAt(now).setNotBefore(now + HOUR).setExpirationTime(now + 2 * HOUR);
  else jwt.setIssuedAt(now).setExpirationTime(now + HOUR);
  const key = kind === 'wrong-signature' ? `${secret}-but-not-the-right-one` : secret;
  return jwt.sign(new TextEncoder().encode(key));
}

/**
 * A JWT with `alg: none` and no signature (RFC 7519 §6, "unsecured"): well formed and unexpired,
 * so only a server that verifies signatures refuses it. It needs no secret, so it runs against
 * any deployment (§5: authentication fails → 401).
 */
export function unsignedJwt(subject = 'mgmt-kit-conformance'): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: subject, iat: now, exp: now + HOUR })}.`;
}
