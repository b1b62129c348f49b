// How near a JWT is to its expiry, read from its payload without verifying it (the server does that). The
// connection uses it too, so the client and --token-command renew a token at the same moment. Browser-safe: no Buffer.

/** Seconds since the epoch at which a JWT expires and was issued, when it says so. */
export function readTokenTimes(token: string): { exp?: number; iat?: number } {
  try {
    // atob takes base64 without its padding, as JWTs write it.
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(payload), (char) => char.charCodeAt(0));
    const { exp, iat } = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as { exp?: unknown; iat?: unknown };
    return { ...(typeof exp === 'number' ? { exp } : {}), ...(typeof iat === 'number' ? { iat } : {}) };
  } catch {
    return {};
  }
}

/**
 * Whether a token's `exp` is less than a quarter of its life away (at most 30 s): a 2-second token is renewed half a
 * second early, a 1-hour one 30 s early. A token without `exp` (opaque) is replaced only after a 401.
 */
export const expiresSoon = (token: string, obtainedAtMs: number, nowMs = Date.now()): boolean => nowMs >= renewalDue(token, obtainedAtMs);

/** The epoch ms from which {@link expiresSoon} holds (Infinity without `exp`): decoded once, compared on every request. */
export function renewalDue(token: string, obtainedAtMs: number): number {
  const { exp, iat = obtainedAtMs / 1000 } = readTokenTimes(token);
  return exp === undefined ? Infinity : exp * 1000 - Math.min(30_000, Math.max(0, exp - iat) * 250);
}

/** A function the client asks for a token: on first use, near the token's expiry, after a 401. */
export type TokenProvider = () => string | Promise<string>;

/** The token the client sends, from a fixed string or a {@link TokenProvider}. */
export interface HeldToken {
  /** The token to send now: asked for on first use, and again when its `exp` is near. */
  current(): Promise<string | undefined>;
  /** After a 401 to `stale`: a newer token (asked for, or another call's); undefined when none can come and the 401 stands. */
  renewAfter401(stale: string | undefined): Promise<string | undefined>;
}

/** Holds the client's token. A provider is asked once at a time (concurrent calls share its answer); a failure is not kept. */
export function holdToken(token: string | TokenProvider | undefined): HeldToken {
  if (typeof token !== 'function') {
    return { current: async () => token, renewAfter401: async () => undefined };
  }
  const provider = token;
  // `keep`: the token came already near its exp, as the one before it did: the source cannot give better (a token
  // command slower than a quarter of the token's life, on a loaded machine), so it is used until its exp.
  let held: { token: string; renewAt: number; nearExp: boolean } | undefined;
  let pending: Promise<string> | undefined;
  const ask = (): Promise<string> =>
    (pending ??= Promise.resolve()
      .then(provider)
      .then((value) => {
        if (typeof value !== 'string') throw new TypeError(`the token provider gave ${typeof value}, not a string`);
        const at = Date.now();
        const due = renewalDue(value, at);
        const keep = at >= due && held?.nearExp === true;
        held = { token: value, renewAt: keep ? (readTokenTimes(value).exp ?? Infinity) * 1000 : due, nearExp: at >= due };
        return value;
      })
      .finally(() => (pending = undefined)));
  return {
    current: async () => pending ?? (held === undefined || Date.now() >= held.renewAt ? ask() : held.token),
    async renewAfter401(stale) {
      const fresh = pending ? await pending : held !== undefined && held.token !== stale ? held.token : await ask();
      return fresh === stale ? undefined : fresh;
    },
  };
}
