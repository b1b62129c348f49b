/**
 * The JWT secret as key bytes, for verifying (./authenticate.ts) and minting (./mint-token.ts).
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): the secret is given at start, never by a
 * request. A mutant here either derives the same bytes for the suite's text secret, or leaves the
 * server unable to start, which no scenario can tell apart from any other broken start.
 */

/** A JWT secret as text (UTF-8 bytes are the HMAC key) or raw bytes. */
export type JwtSecret = string | Uint8Array;

/** Thrown for an empty secret: WebCrypto refuses a zero-length HMAC key, so no token could ever be made or checked. */
export const EMPTY_SECRET = 'the JWT secret must not be empty';

/** The HMAC key bytes of a secret. */
export function secretKey(secret: JwtSecret): Uint8Array {
  return typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
}

/** Throws {@link EMPTY_SECRET} for an empty key, so a misconfigured server fails at start instead of refusing every request. */
export function refuseEmptyKey(keyBytes: Uint8Array): void {
  if (keyBytes.length === 0) throw new RangeError(EMPTY_SECRET);
}
