import type { Exchange, FuzzFailure } from '../../fuzz/run/fuzz-session.js';
import type { WireRequest } from '../../fuzz/generate/wire-request.js';
import { headerVariable } from '../run/describe-connection.js';

const TOKEN_VARIABLE = '$TOKEN';

const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

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
 * The request as a copy-pasteable curl command: the run's token as `$TOKEN`, the deliberately bad ones as sent, each `--header` value as a variable (never in
 * clear). A body sent without Content-Type gets `-H 'Content-Type:'`: curl would otherwise add a form type.
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

/** What the target answered, on one line: `404 [{"code":404,…}]`, or `no answer: …`. */
function answered(exchange: Exchange): string {
  if (!exchange.result.ok) return `no answer: ${exchange.result.error}`;
  const { status, text } = exchange.result.answer;
  const body = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  return `${status}${body ? ` ${body.replace(/\n/g, ' ')}` : ''}`;
}

/** The failure's repro: the steps in order, the look-ups that found generated ids, and the request that showed it, each with its answer. */
export function formatRepro(failure: FuzzFailure, baseUrl: string, token: string | undefined, extraHeaders: readonly string[] = []): string {
  // A group sent at once (--concurrency) is repeated as a script that sends it at once again.
  if (failure.exchanges.some((e) => e.role === 'concurrent')) return formatConcurrentRepro(failure, baseUrl, token, extraHeaders);
  const last = failure.exchanges[failure.exchanges.length - 1];
  const shown = failure.exchanges.filter((e) => e.role === 'step' || e.role === 'probe' || e.role === 'lookup' || e === last);
  return shown.map((e) => `# ${e.description}\n${curlCommand(baseUrl, e.request, token, extraHeaders)}\n# → ${answered(e)}`).join('\n');
}

/**
 * A concurrent group's repro: a bash script that creates the record, sends the group AT ONCE (`curl … &`, then `wait`) and reads the record back — several
 * tries (a race does not show on every one), ending with what the failing run saw.
 */
function formatConcurrentRepro(failure: FuzzFailure, baseUrl: string, token: string | undefined, extraHeaders: readonly string[] = []): string {
  const curl = (e: Exchange, silent: boolean) => {
    const command = curlCommand(baseUrl, e.request, token, extraHeaders);
    return silent ? command.replace(/^curl -sS -i /, 'curl -sS -o /dev/null ') : command;
  };
  const setup = failure.exchanges.filter((e) => e.role === 'step');
  const group = failure.exchanges.filter((e) => e.role === 'concurrent');
  const final = failure.exchanges.filter((e) => e.role === 'read-back');
  // The record's own path ({base}/{id}): the final read's, else the create's before the group, else a request's that names it there.
  const onRecord = [...final, ...setup, ...group].find((e) => e.request.method !== 'POST' || setup.includes(e)) ?? group[0]!;
  const resetCommand = curl({ ...onRecord, request: { ...onRecord.request, method: 'DELETE', body: undefined } }, true);
  const lines = [
    '#!/usr/bin/env bash',
    `# ${group.length} request(s) on one record, sent at once; each try starts from a fresh record and ends by deleting it.`,
    '# A race does not show on every try: run several (first argument, default 20) and compare with what the failing run saw, at the end.',
    'set -u',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template.
    'tries=${1:-20}',
    'out=$(mktemp -d)',
    'for try in $(seq "$tries"); do',
    '  echo "=== try $try"',
    `  ${resetCommand}`,
    ...setup.map((e) => `  ${curl(e, true)}   # ${e.description}`),
    ...group.map((e, i) => `  ${curl(e, false)} > "$out/${i + 1}" &   # ${e.description}`),
    '  wait',
    `  for i in $(seq ${group.length}); do echo "--- request $i"; head -n 1 "$out/$i"; tail -n 1 "$out/$i"; echo; done`,
    '  echo "--- the record afterwards"',
    ...final.map((e) => `  ${curl(e, false)}; echo`),
    'done',
    `${resetCommand}`,
    'rm -r "$out"',
    '# What the failing run saw:',
    ...setup.map((e) => `#   ${e.description} → ${answered(e)}`),
    ...group.map((e, i) => `#   ${i + 1}. ${e.description} → ${answered(e)}`),
    ...final.map((e) => `#   ${e.description} → ${answered(e)}`),
  ];
  return lines.join('\n');
}

/** The `export` lines a repro needs first: the token, and a variable per `--header` of the run. */
export function reproExports(extraHeaders: readonly string[] = []): string[] {
  return [
    'export TOKEN=...   # the token the run used',
    ...extraHeaders.map((name) => `export ${headerVariable(name)}=...   # the value of the ${name} header the run sent`),
  ];
}
