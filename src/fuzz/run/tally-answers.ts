import { countAnswer, countFailedCheck, type ResponseTally } from '../../contract/response-coverage.js';
import { matchRoute, operationIdFor } from '../../server/core/index.js';
import type { WireRequest } from '../generate/wire-request.js';
import type { Exchange, ExchangeRole, FuzzFailure } from './fuzz-session.js';

/** Exchanges whose answer the fuzzer judges: generated steps, requests of a concurrent group, and the reads back after them. */
const JUDGED_ROLES: ReadonlySet<ExchangeRole> = new Set(['step', 'concurrent', 'read-back']);

/** The spec's operation a wire request calls, or undefined for a path the spec has not (the fuzzer sends none). */
export function operationOfRequest(request: Pick<WireRequest, 'method' | 'path'>): string | undefined {
  const route = matchRoute(request.method, request.path.split('?')[0]!);
  return route.kind === 'operation' ? operationIdFor(route.index.name, route.method, route.id !== undefined) : undefined;
}

/** The response coverage of a run: every judged answer counted as it comes, and the answer a failure ends on as a failed check. */
export function createAnswerTally() {
  const tallies: ResponseTally[] = [];
  const pairOf = (exchange: Exchange | undefined) => {
    if (!exchange?.result.ok || !JUDGED_ROLES.has(exchange.role)) return undefined;
    const operation = operationOfRequest(exchange.request);
    return operation === undefined ? undefined : { operation, status: exchange.result.answer.status };
  };
  return {
    tallies,
    observe(exchange: Exchange): void {
      const pair = pairOf(exchange);
      if (pair) countAnswer(tallies, pair.operation, pair.status, false);
    },
    failed(failure: FuzzFailure): void {
      const pair = pairOf(failure.exchanges.at(-1));
      if (pair) countFailedCheck(tallies, pair.operation, pair.status);
    },
  };
}
