import { jwtVerify } from 'jose';

/** Checks an `Authorization` header value; resolves true only for a valid token. */
export type Authenticator = (authorization: string | undefined) => Promise<boolean>;

/** A JWT secret as text (UTF-8 bytes are the HMAC key) or raw bytes. */
export type JwtSecret = string | Uint8Array;

/** The HMAC key bytes of a secret. */
export function secretKey(secret: JwtSecret): Uint8Array {
  return typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
}

/**
 * Verifies `Authorization: Bearer <jwt>` with jose, HS256 only (seed §5, x-decisions
 * auth-header). A missing header, another scheme, a malformed token, a wrong signature,
 * `alg: none` (refused by the algorithm list), an expired token or one not yet valid (nbf)
 * all resolve false; nothing throws.
 */
export function createAuthenticator(secret: JwtSecret): Authenticator {
  const key = secretKey(secret);
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
