// How near a JWT is to its expiry, read from its payload without verifying it (the server does that). The
// connection uses it too, so the client and --token-command renew a token at the same moment. Browser-safe: no Buffer.

/** Seconds since the epoch at which a JWT expires and was issued, when it says so. */
export function readTokenTimes(token: string): { exp?: number; iat?: number } {
  const payload = token.split('.')[1];
  if (payload === undefined) return {};
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as { exp?: unknown; iat?: unknown };
    return {
      ...(typeof claims.exp === 'number' ? { exp: claims.exp } : {}),
      ...(typeof claims.iat === 'number' ? { iat: claims.iat } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * Whether a token should be replaced before it is sent: its `exp` is less than a quarter of its
 * life away (at most 30 s), so a 2-second token is renewed half a second early and a 1-hour one
 * 30 s early. A token without `exp` (opaque) is replaced only after a 401.
 */
export function expiresSoon(token: string, obtainedAtMs: number, nowMs = Date.now()): boolean {
  const { exp, iat } = readTokenTimes(token);
  if (exp === undefined) return false;
  const issuedMs = iat !== undefined ? iat * 1000 : obtainedAtMs;
  const margin = Math.min(30_000, Math.max(0, exp * 1000 - issuedMs) / 4);
  return exp * 1000 - nowMs <= margin;
}

function decodeBase64Url(text: string): string {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

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
  const ask = (): Promise<string> =>
    (pending ??= Promise.resolve()
      .then(provider)
      .then((value) => {
        if (typeof value !== 'string') throw new TypeError(`the token provider gave ${typeof value}, not a string`);
        const at = Date.now();
        const nearExp = expiresSoon(value, at, at);
        held = { token: value, at, nearExp, keep: nearExp && held?.nearExp === true };
        return value;
      })
      .finally(() => (pending = undefined)));
  return {
    async current() {
      if (pending) return pending;
      if (held === undefined || (held.keep ? (readTokenTimes(held.token).exp ?? Infinity) * 1000 <= Date.now() : expiresSoon(held.token, held.at)))
        return ask();
      return held.token;
    },
    async renewAfter401(stale) {
      const fresh = pending ? await pending : held !== undefined && held.token !== stale ? held.token : await ask();
      return fresh === stale ? undefined : fresh;
    },
  };
}
