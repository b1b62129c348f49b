import type { Exchange, FuzzFailure } from '../run/fuzz-session.js';
import { headerVariable } from '../../target/run/describe-connection.js';
import { curlCommand } from './curl-command.js';

/** What the target answered, on one line: `404 [{"code":404,…}]`, or `no answer: …`. */
function answered(exchange: Exchange): string {
  if (!exchange.result.ok) return `no answer: ${exchange.result.error}`;
  const { status, text } = exchange.result.answer;
  const body = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  return `${status}${body ? ` ${body.replace(/\n/g, ' ')}` : ''}`;
}

/**
 * The failure's repro: the generated steps in order, then the request that showed the failure (a read-back when it was one) — with the look-ups that found
 * generated ids —, each followed by what the target answered.
 */
export function formatRepro(failure: FuzzFailure, baseUrl: string, token: string | undefined, extraHeaders: readonly string[] = []): string {
  // A group sent at once (--concurrency) is repeated as a script that sends it at once again.
  if (failure.exchanges.some((e) => e.role === 'concurrent')) return formatConcurrentRepro(failure, baseUrl, token, extraHeaders);
  const last = failure.exchanges[failure.exchanges.length - 1];
  const shown = failure.exchanges.filter((e) => e.role === 'step' || e.role === 'probe' || e.role === 'lookup' || e === last);
  return shown.map((e) => `# ${e.description}\n${curlCommand(baseUrl, e.request, token, extraHeaders)}\n# → ${answered(e)}`).join('\n');
}

/**
 * The repro of a concurrent group as a bash script that sends the group AT ONCE — one `curl … &` per request, then `wait` — after creating the record the
 * group starts from; it prints the status line and body of every answer, reads the record back and deletes it. A race does not show on every try, so the
 * script makes several (its first argument, default 20), each on a fresh record, and ends with what the failing run saw, for comparison.
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
