import type { Exchange, FuzzFailure } from '../run/fuzz-session.js';
import { formatConcurrentRepro, isConcurrentFailure } from '../concurrency/concurrent-repro.js';
import { headerVariable } from '../../connection/describe-connection.js';
import { curlCommand } from './curl-command.js';

function answered(exchange: Exchange): string {
  if (!exchange.result.ok) return `# → no answer: ${exchange.result.error}`;
  const { status, text } = exchange.result.answer;
  const body = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  return `# → ${status}${body ? ` ${body.replace(/\n/g, ' ')}` : ''}`;
}

/**
 * The failure's repro: the generated steps in order, then the request that showed the failure
 * (a read-back when it was one) — with the look-ups that found generated ids —, each followed by
 * what the target answered.
 */
export function formatRepro(failure: FuzzFailure, baseUrl: string, token: string | undefined, extraHeaders: readonly string[] = []): string {
  // A group sent at once (--concurrency) is repeated as a script that sends it at once again.
  if (isConcurrentFailure(failure)) return formatConcurrentRepro(failure, baseUrl, token, extraHeaders);
  const last = failure.exchanges[failure.exchanges.length - 1];
  const shown = failure.exchanges.filter((e) => e.role === 'step' || e.role === 'probe' || e.role === 'lookup' || e === last);
  return shown.map((e) => `# ${e.description}\n${curlCommand(baseUrl, e.request, token, extraHeaders)}\n${answered(e)}`).join('\n');
}

/** The `export` lines a repro needs first: the token, and a variable per `--header` of the run. */
export function reproExports(extraHeaders: readonly string[] = []): string[] {
  return [
    'export TOKEN=...   # the token the run used',
    ...extraHeaders.map((name) => `export ${headerVariable(name)}=...   # the value of the ${name} header the run sent`),
  ];
}
