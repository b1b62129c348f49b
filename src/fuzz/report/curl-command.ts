import type { WireRequest } from '../generate/wire-request.js';
import { headerVariable } from '../../target/run/describe-connection.js';

const TOKEN_VARIABLE = '$TOKEN';

function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Bash ANSI-C quoting, for bodies holding bytes that are not UTF-8. */
function ansiQuoted(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x27 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

function bodyArgument(body: Buffer): string {
  const text = body.toString('utf8');
  return Buffer.from(text, 'utf8').equals(body) ? singleQuoted(text) : ansiQuoted(body);
}

/**
 * The request as a copy-pasteable curl command. The run's token is shown as `$TOKEN` (set it with `export TOKEN=…`); the deliberately bad tokens are shown as
 * they were sent. The `--header`s every request of the run carried come last, each value as a variable (`X-Api-Key` → `$HEADER_X_API_KEY`), never in clear. A
 * body sent without Content-Type gets `-H 'Content-Type:'`, because curl would otherwise add a form type.
 *
 * @example curlCommand('http://127.0.0.1:8080', { method: 'GET', path: '/event', headers: { authorization: 'Bearer t' }, body: undefined }, 't')
 * // → curl -sS -i -X GET 'http://127.0.0.1:8080/event' -H "Authorization: Bearer $TOKEN"
 */
export function curlCommand(baseUrl: string, request: WireRequest, token: string | undefined, extraHeaders: readonly string[] = []): string {
  const base = baseUrl.replace(/\/+$/, '');
  const parts = ['curl -sS -i', `-X ${request.method}`];
  const encodedToken = token === undefined ? undefined : encodeURIComponent(token);
  const url = `${base}${request.path}`;
  parts.push(
    encodedToken !== undefined && url.includes(encodedToken) ? `"${url.replace(encodedToken, TOKEN_VARIABLE).replace(/"/g, '\\"')}"` : singleQuoted(url),
  );
  for (const [name, value] of Object.entries(request.headers)) {
    const label = name === 'authorization' ? 'Authorization' : name === 'content-type' ? 'Content-Type' : name;
    if (token !== undefined && value.includes(token)) parts.push(`-H "${label}: ${value.replace(token, TOKEN_VARIABLE)}"`);
    else parts.push(`-H ${singleQuoted(`${label}: ${value}`)}`);
  }
  for (const name of extraHeaders) parts.push(`-H "${name}: $${headerVariable(name)}"`);
  if (request.body !== undefined) {
    if (request.headers['content-type'] === undefined) parts.push(`-H 'Content-Type:'`);
    parts.push(`--data-binary ${bodyArgument(request.body)}`);
  }
  return parts.join(' ');
}
