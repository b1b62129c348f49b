import { mintToken, type TokenKind } from '../reference-server/core/index.js';

export type { TokenKind } from '../reference-server/core/index.js';

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
 * A token of `kind` for the shared secret (x-decisions auth-header), as the conformance steps and
 * the fuzzer send it: valid for an hour, `sub` from `claims` or `mgmt-kit-conformance`; minted by
 * the kit's one minter ({@link mintToken}).
 *
 * @example const token = await mintJwt('s3cret', 'valid');
 */
export function mintJwt(secret: string, kind: TokenKind = 'valid', claims: JwtClaims = {}): Promise<string> {
  const subject = typeof claims['sub'] === 'string' ? claims['sub'] : 'mgmt-kit-conformance';
  return mintToken({ secret, kind, claims, subject, expiresIn: '1h' });
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
