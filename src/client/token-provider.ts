import { expiresSoon, readTokenTimes } from './token-expiry.js';

const hasExpired = (token: string) => {
  const { exp } = readTokenTimes(token);
  return exp !== undefined && exp * 1000 <= Date.now();
};

/** A function the client asks for a token: on first use, near the token's expiry, after a 401. */
export type TokenProvider = () => string | Promise<string>;

/** The token the client sends, from a fixed string or a {@link TokenProvider}. */
export interface HeldToken {
  /** The token to send now: asked for on first use, and again when its `exp` is near. */
  current(): Promise<string | undefined>;
  /**
   * After a 401 to `stale`: a new token from the provider, or the one another call already got
   * in its place. Undefined when nothing newer can come (a fixed token, or the provider gave
   * `stale` again): then the 401 stands.
   */
  renewAfter401(stale: string | undefined): Promise<string | undefined>;
}

/**
 * Holds the client's token. A provider is asked once at a time: concurrent calls share one
 * pending answer, and a failed ask is not cached (the next call asks again).
 */
export function holdToken(token: string | TokenProvider | undefined): HeldToken {
  if (typeof token !== 'function') {
    return { current: async () => token, renewAfter401: async () => undefined };
  }
  const provider = token;
  // `keep`: the token came already near its exp, as the one before it did — the source cannot give
  // better (a token command slower than a quarter of the token's life, on a loaded machine), so it
  // is used until its exp rather than asked for again before every request.
  let held: { token: string; at: number; nearExp: boolean; keep: boolean } | undefined;
  let pending: Promise<string> | undefined;
  const ask = (): Promise<string> => {
    pending ??= Promise.resolve()
      .then(provider)
      .then(
        (value) => {
          if (typeof value !== 'string') throw new TypeError(`the token provider gave ${typeof value}, not a string`);
          const at = Date.now();
          const nearExp = expiresSoon(value, at, at);
          held = { token: value, at, nearExp, keep: nearExp && held?.nearExp === true };
          pending = undefined;
          return value;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    return pending;
  };
  return {
    async current() {
      if (pending) return pending;
      if (held === undefined || (held.keep ? hasExpired(held.token) : expiresSoon(held.token, held.at))) return ask();
      return held.token;
    },
    async renewAfter401(stale) {
      const fresh = pending ? await pending : held !== undefined && held.token !== stale ? held.token : await ask();
      return fresh === stale ? undefined : fresh;
    },
  };
}
