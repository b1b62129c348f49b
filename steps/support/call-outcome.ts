import type { CallOptions, ClientIndexKey, KitClient, OperationId, QueryCall } from '../../src/client/index.js';
import { listedRecords } from '../../src/contract/listed-records.js';
import { isObject } from './contains-sent.js';
import type { JsonRecord } from './sample-records.js';

/** One HTTP exchange as the steps see it, whichever way it was sent (typed client or raw). */
export interface CallOutcome {
  operation: OperationId;
  status: number;
  /** Parsed JSON body; undefined when there was none (204, 304, a dropped 205) or it was not JSON. */
  data: unknown;
  /** The body as received, "" when none. */
  rawBody: string;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
}

/**
 * One index of the client with bodies typed loosely. Steps are generic over the index and send
 * deliberately incomplete or invalid records, which the per-index request types would refuse;
 * the responses are still checked against the spec by the World.
 */
export interface LooseIndexClient {
  create(call: CallOptions & { body?: unknown }): Promise<CallOutcome>;
  read(call?: QueryCall): Promise<CallOutcome>;
  update(call: CallOptions & { body?: unknown }): Promise<CallOutcome>;
  delete(call?: QueryCall): Promise<CallOutcome>;
}

/** The loosely typed view of `client[index]`. */
export function indexClient(client: KitClient, index: ClientIndexKey): LooseIndexClient {
  return client[index] as unknown as LooseIndexClient;
}

/**
 * The records of a read response. 200 carries the list; 204 and 404 mean nothing was found
 * (§7; an empty index may also answer 200 []). Any other status yields no records.
 */
export function recordsOf(outcome: CallOutcome): JsonRecord[] {
  return (listedRecords(outcome.status, outcome.data) ?? []).filter(isObject);
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/**
 * True when the target took the request: a success status that is not "nothing to act on" (204)
 * or "no update needed" (304), and not an envelope whose every item says error true (a 200 that
 * reports a failure in its items did nothing).
 */
export function isTaken(outcome: CallOutcome): boolean {
  if (!isSuccess(outcome.status) || outcome.status === 204 || outcome.status === 304) return false;
  const items: unknown[] = Array.isArray(outcome.data) ? outcome.data : [];
  return !(items.length > 0 && items.every((item) => typeof item === 'object' && item !== null && (item as { error?: unknown }).error === true));
}

/** How an answer that was not taken reads as an observed value: its status, and why a success status did nothing. */
export const notTaken = (outcome: CallOutcome): string =>
  isSuccess(outcome.status) && outcome.status !== 204 && outcome.status !== 304 ? `${outcome.status} with every item error true` : `${outcome.status}`;
