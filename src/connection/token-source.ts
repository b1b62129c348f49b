import { mintToken } from '../tokens/index.js';
import type { AuthSettings } from './connection-settings.js';
import { expiresSoon } from '../client/index.js';
import { spawn } from 'node:child_process';
import { ConnectionFailure } from './connection-failure.js';

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

/** How long `--token-command` may take before the run gives up on it. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024;

const fail = (message: string) => new ConnectionFailure('token', `--token-command ${message}`);

/** The last non-empty line a failed command wrote on stderr: usually the reason. */
function lastLine(text: string): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * Runs `--token-command` with the shell and resolves to the token it printed: its standard
 * output, trimmed. Rejects with a one-line {@link ConnectionFailure} of kind `token` when it
 * exits non-zero, prints nothing (or `null`, what `jq -r` prints for a missing field), prints
 * more than one word, or does not finish in time. The token itself never appears in a message.
 */
function runTokenCommand(command: string, timeoutMs = TOKEN_COMMAND_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out = (out + chunk).slice(0, MAX_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err = (err + chunk).slice(-MAX_OUTPUT)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(fail(`did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(fail(`could not be started (${error.message})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(fail(`failed (${code === null ? `killed by ${signal}` : `exit ${code}`})${lastLine(err) ? `: ${lastLine(err)}` : ''}`));
      const token = out.trim();
      // `jq -r` prints null for a missing field, a script undefined.
      if (token === '' || token === 'null' || token === 'undefined')
        return reject(fail(`printed ${token === '' ? 'nothing' : token}: it must print the token alone on standard output`));
      if (/\s/.test(token))
        return reject(
          fail(`printed more than the token (${token.split(/\s+/).length} words): it must print the token alone, e.g. end it with | jq -r .access_token`),
        );
      resolve(token);
    });
  });
}
