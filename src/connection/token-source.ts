import { mintToken } from '../tokens/index.js';
import type { AuthSettings } from './connection-settings.js';
import { runTokenCommand } from './run-token-command.js';
import { expiresSoon } from '../client/index.js';

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

// When a token is near its expiry is the client's rule too (its token provider): one module,
// browser-safe, in @mgmt-kit/client.
export { expiresSoon, readTokenTimes } from '../client/index.js';

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
          ? () => mintToken({ secret: auth.jwtSecret!, claims: auth.jwtClaims, expiresIn: '1h' })
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
