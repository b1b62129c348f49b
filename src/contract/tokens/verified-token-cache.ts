/**
 * Tokens that passed a full verification with one secret, for ./authenticate.ts.
 *
 * Not mutated (stryker.config.json, docs/mutation/README.md): a cached token turns invalid only by the
 * clock, which a suite could observe only by waiting past an unknown clock leeway, and a cache
 * that keeps less sends more tokens to full verification, with the same answers. Whether a token
 * the cache never stored is refused is decided by the authenticator, which is mutated. Unit tests
 * cover the cache.
 */

/** The time claims of a verified token, as jose checked them (NumericDate seconds). */
export interface TokenWindow {
  /** `nbf`: not valid before this second. */
  nbf?: number | undefined;
  /** `exp`: not valid from this second on. */
  exp?: number | undefined;
}

/**
 * True when `now` lies in the token's window, with jose's own rule and its default clock
 * tolerance of 0 (jose `jwt_claims_set.js`): refused when `nbf > now` or `exp <= now`.
 */
export function isWithinWindow(window: TokenWindow, now: number): boolean {
  if (window.nbf !== undefined && window.nbf > now) return false;
  if (window.exp !== undefined && window.exp <= now) return false;
  return true;
}

/** Default bound: enough for every client of a development server, small enough never to matter. */
export const DEFAULT_TOKEN_CACHE_SIZE = 1024;

/**
 * Verified tokens keyed by the token string, with their time window. For the same string and
 * secret, the signature, header and claim-type checks always give the same answer; only the
 * clock changes the outcome. So a hit is re-checked against `exp`/`nbf` on every use exactly as a
 * fresh verification would ({@link isOpen}), and an entry is dropped as soon as its window is
 * over: the cache never accepts what a fresh verification would refuse. Bounded: when full, the
 * oldest entry goes. Refused tokens are never stored.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, TokenWindow>();

  /**
   * @param maxEntries tokens kept at most; 0 keeps none
   * @param now the clock in epoch milliseconds, the one jose verifies with (tests move it)
   */
  constructor(
    readonly maxEntries: number = DEFAULT_TOKEN_CACHE_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Number of tokens held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The window of a token this cache holds, or undefined for one it never stored (or dropped). */
  windowOf(token: string): TokenWindow | undefined {
    return this.#entries.get(token);
  }

  /** True while `window`, the one {@link windowOf} gave for this token, still holds; once it is over the entry is dropped. */
  isOpen(token: string, window: TokenWindow): boolean {
    if (isWithinWindow(window, this.#seconds())) return true;
    this.#entries.delete(token);
    return false;
  }

  /** Remembers a token jose has just verified, with the `nbf`/`exp` of its payload; only while its window holds. */
  add(token: string, claims: { nbf?: unknown; exp?: unknown }): void {
    const window: TokenWindow = {
      ...(typeof claims.nbf === 'number' ? { nbf: claims.nbf } : {}),
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
    };
    if (!isWithinWindow(window, this.#seconds())) return;
    if (this.maxEntries <= 0) return;
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, window);
  }

  /** The current time as jose reads it: whole seconds since the epoch, rounded down. */
  #seconds(): number {
    return Math.floor(this.now() / 1000);
  }
}
