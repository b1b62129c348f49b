import { mintJwt } from '../conformance/mint-jwt.js';
import type { AuthSettings } from './connection-settings.js';
import { runTokenCommand } from './run-token-command.js';

/** Where a run's token comes from, and when a new one is needed. */
export interface TokenSource {
  /** The token to send now: obtained on first use, and again when its `exp` is near. */
  current(): Promise<string | undefined>;
  /**
   * A token newer than `stale`. When `stale` is still the current one it is replaced if `force`
   * (the target answered 401 to it) or its `exp` is near; when another caller replaced it
   * already, that newer token. Concurrent callers share one refresh.
   */
  renew(stale: string | undefined, force: boolean): Promise<string | undefined>;
  /** Whether asking again can give another token (a command, or minting): a fixed token cannot. */
  readonly refreshable: boolean;
  /** How many tokens were obtained so far (the command's runs, or mints). */
  readonly obtained: number;
}

/** Seconds since the epoch at which a JWT expires and was issued, when it says so. */
export function readTokenTimes(token: string): { exp?: number; iat?: number } {
  const payload = token.split('.')[1];
  if (payload === undefined) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown; iat?: unknown };
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

/**
 * The token source of the auth settings: none, a fixed `--token`, HS256 tokens minted from
 * `--jwt-secret` (with `--jwt-claims`), or `--token-command` run when a token is needed.
 * A `--token` wins over the others, as the flags document.
 */
export function createTokenSource(auth: AuthSettings): TokenSource {
  const obtain: (() => Promise<string>) | undefined =
    auth.token !== undefined
      ? undefined
      : auth.tokenCommand !== undefined
        ? () => runTokenCommand(auth.tokenCommand!)
        : auth.jwtSecret !== undefined
          ? () => mintJwt(auth.jwtSecret!, 'valid', auth.jwtClaims)
          : undefined;
  let held: { token: string; at: number } | undefined = auth.token === undefined ? undefined : { token: auth.token, at: Date.now() };
  let pending: Promise<string> | undefined;
  let obtained = 0;
  const refresh = (): Promise<string> => {
    pending ??= obtain!().then(
      (token) => {
        obtained++;
        held = { token, at: Date.now() };
        pending = undefined;
        return token;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const source: TokenSource = {
    async current() {
      if (!obtain) return held?.token;
      if (pending) return pending;
      if (held === undefined || expiresSoon(held.token, held.at)) return refresh();
      return held.token;
    },
    async renew(stale, force) {
      if (!obtain) return held?.token;
      if (pending) return pending;
      if (held !== undefined && held.token !== stale) return held.token;
      if (force || held === undefined || expiresSoon(held.token, held.at)) return refresh();
      return held.token;
    },
    refreshable: obtain !== undefined,
    get obtained() {
      return obtained;
    },
  };
  return source;
}
