import { refuseEmptyKey, secretKey, type JwtSecret } from './jwt-secret.js';
import { loadJose } from './load-jose.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export type { JwtSecret } from './jwt-secret.js';

/** Checks an `Authorization` header value; resolves true only for a valid token. */
export type Authenticator = (authorization: string | undefined) => Promise<boolean>;

/** Options of {@link createAuthenticator}. */
export interface AuthenticatorOptions {
  /** Verified tokens kept (default `DEFAULT_TOKEN_CACHE_SIZE`); 0 verifies every request in full. */
  cacheSize?: number;
  /** The clock in epoch milliseconds, for jose and the cache alike (tests move it); default `Date.now`. */
  now?: () => number;
}

/** `Bearer <jwt>`: the one form of the header this server accepts (§5, x-decisions auth-header). */
const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * The secret as a WebCrypto HMAC-SHA-256 verification key. Imported once per authenticator:
 * given raw bytes, jose would import the key again on every call, which dominated the CPU profile
 * of the reference server under load. WebCrypto, not node:crypto, keeps the core
 * browser-safe for the msw handlers.
 */
function importVerifyKey(key: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  // Stryker disable next-line BooleanLiteral: equivalent: whether the imported key is extractable (docs/mutation/SURVIVORS.md)
  return crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/**
 * True when the cache holds this token and its window still holds. The cache only says what it
 * holds (./verified-token-cache.ts); that a token it never stored is not taken from it is
 * decided here.
 */
function isCachedAndOpen(cache: VerifiedTokenCache, token: string): boolean {
  const window = cache.windowOf(token);
  if (window === undefined) return false;
  return cache.isOpen(token, window);
}

/**
 * Verifies `Authorization: Bearer <jwt>` with jose (loaded by the first token to verify), HS256 only (§5, x-decisions
 * auth-header). A missing header, another scheme, a malformed token, a wrong signature,
 * `alg: none` (refused by the algorithm list), an expired token or one not yet valid (nbf)
 * all resolve false; nothing throws once created. An empty secret throws `EMPTY_SECRET`
 * at creation, so a misconfigured server fails at start instead of refusing every request.
 *
 * A token that passed is remembered (see {@link VerifiedTokenCache}), so a client sending the
 * same token again costs a map lookup and the exp/nbf check, never a weaker check.
 */
export function createAuthenticator(secret: JwtSecret, options: AuthenticatorOptions = {}): Authenticator {
  const keyBytes = new Uint8Array(secretKey(secret)); // a copy: later changes to the caller's bytes change nothing
  refuseEmptyKey(keyBytes);
  const now = options.now ?? Date.now;
  const cache = new VerifiedTokenCache(options.cacheSize, now);
  let key: Promise<CryptoKey> | undefined;
  // The header of the last accepted request and its token: a client repeating it (the usual case)
  // skips the parsing, and the cache is asked with its own key string (no hashing of a fresh string).
  let acceptedHeader: string | undefined;
  let acceptedToken = '';

  async function verify(token: string): Promise<boolean> {
    try {
      key ??= importVerifyKey(keyBytes);
      const { jwtVerify } = await loadJose();
      // Stryker disable next-line ObjectLiteral: kit-only: which HMAC algorithm is accepted besides HS256 is not shown (description section 5); the clock option serves unit tests (docs/mutation/SURVIVORS.md)
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: new Date(now()) });
      cache.add(token, payload);
      return true;
    } catch {
      return false;
    }
  }

  return async (authorization) => {
    if (authorization === acceptedHeader && isCachedAndOpen(cache, acceptedToken)) return true;
    // Stryker disable next-line StringLiteral: equivalent: a missing Authorization header matches no token either way (docs/mutation/SURVIVORS.md)
    const match = BEARER.exec(authorization ?? '');
    if (!match) return false;
    const token = match[1]!;
    if (!isCachedAndOpen(cache, token) && !(await verify(token))) return false;
    acceptedHeader = authorization;
    acceptedToken = token;
    return true;
  };
}
