import { jwtVerify } from 'jose';

/** Checks an `Authorization` header value; resolves true only for a valid token. */
export type Authenticator = (authorization: string | undefined) => Promise<boolean>;

/** A JWT secret as text (UTF-8 bytes are the HMAC key) or raw bytes. */
export type JwtSecret = string | Uint8Array;

/** The HMAC key bytes of a secret. */
export function secretKey(secret: JwtSecret): Uint8Array {
  return typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
}

/** Thrown for an empty secret: WebCrypto refuses a zero-length HMAC key, so no token could ever be made or checked. */
export const EMPTY_SECRET = 'the JWT secret must not be empty';

/**
 * Verifies `Authorization: Bearer <jwt>` with jose, HS256 only (seed §5, x-decisions
 * auth-header). A missing header, another scheme, a malformed token, a wrong signature,
 * `alg: none` (refused by the algorithm list), an expired token or one not yet valid (nbf)
 * all resolve false; nothing throws once created. An empty secret throws {@link EMPTY_SECRET}
 * at creation, so a misconfigured server fails at start instead of refusing every request.
 */
export function createAuthenticator(secret: JwtSecret): Authenticator {
  const key = secretKey(secret);
  if (key.length === 0) throw new RangeError(EMPTY_SECRET);
  return async (authorization) => {
    const match = /^Bearer +([^\s]+) *$/i.exec(authorization ?? '');
    if (!match) return false;
    try {
      await jwtVerify(match[1]!, key, { algorithms: ['HS256'] });
      return true;
    } catch {
      return false;
    }
  };
}
