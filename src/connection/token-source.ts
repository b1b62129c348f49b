import { spawn } from 'node:child_process';
import type { TokenProvider } from '../client/index.js';
import { mintToken } from '../contract/tokens/index.js';
import { ConnectionFailure } from './connection-failure.js';
import type { AuthSettings } from './connection-settings.js';

/**
 * Where a run's token comes from, in the form the client's token holder takes (holdToken): none,
 * the fixed `--token` (which wins over the others, as the flags document), or a provider asked on
 * first use, near the token's `exp` and after a 401 — `--token-command`, or an HS256 token minted
 * from `--jwt-secret` (with `--jwt-claims`).
 */
export function tokenSourceOf(auth: AuthSettings): string | TokenProvider | undefined {
  if (auth.token !== undefined) return auth.token;
  const { tokenCommand, jwtSecret } = auth;
  if (tokenCommand !== undefined) return () => runTokenCommand(tokenCommand);
  if (jwtSecret !== undefined) return () => mintToken({ secret: jwtSecret, claims: auth.jwtClaims, expiresIn: '1h' });
  return undefined;
}

/** How long `--token-command` may take before the run gives up on it. */
export const TOKEN_COMMAND_TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024;

const fail = (message: string) => new ConnectionFailure('token', `--token-command ${message}`);

/** The last non-empty line a failed command wrote on stderr (usually the reason), at most 200 characters. */
function lastLine(text: string): string {
  const line =
    text
      .trim()
      .split(/\s*\n\s*/)
      .at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/**
 * Runs `--token-command` with the shell and resolves to the token it printed: its standard
 * output, trimmed. Rejects with a one-line {@link ConnectionFailure} of kind `token` when it
 * exits non-zero, prints nothing (or `null`, what `jq -r` prints for a missing field), prints
 * more than one word, or does not finish in time. The token itself never appears in a message.
 */
function runTokenCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out = (out + chunk).slice(0, MAX_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err = (err + chunk).slice(-MAX_OUTPUT)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(fail(`did not finish within ${TOKEN_COMMAND_TIMEOUT_MS / 1000} s`));
    }, TOKEN_COMMAND_TIMEOUT_MS);
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
