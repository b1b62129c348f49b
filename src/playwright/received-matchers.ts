import type { ExpectMatcherState as MatcherContext, MatcherReturnType as MatcherResult } from '@playwright/test';
import type { JournalEntry, JournalFilter } from '../reference-server/mock-controls/index.js';
import type { MockServer } from './mock-server.js';

/** Which requests a journal assertion counts: a journal filter, and optionally part of the JSON body. */
export interface ReceivedFilter extends Omit<JournalFilter, 'since' | 'limit'> {
  /**
   * Fields the request's JSON body must hold (a partial match: an object lists the fields it
   * checks, an array its elements in order; any other value must be equal).
   */
  body?: unknown;
}

/** How long an assertion waits for the request to arrive; default the `expect` timeout. */
export interface ReceivedOptions {
  timeout?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const POLL_MS = 50;

/** Whether `actual` holds every field of `wanted`, recursively. */
export function partiallyEquals(actual: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted)) {
    return Array.isArray(actual) && actual.length === wanted.length && wanted.every((item, index) => partiallyEquals(actual[index], item));
  }
  if (typeof wanted === 'object' && wanted !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(wanted).every(([key, value]) => partiallyEquals((actual as Record<string, unknown>)[key], value));
  }
  return Object.is(actual, wanted);
}

function parsedBody(entry: JournalEntry): unknown {
  if (entry.body === undefined || entry.truncated) return undefined;
  try {
    return JSON.parse(entry.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The journal entries a filter matches (the body part checked here, the rest by the journal). */
export function receivedMatching(mock: MockServer, filter: ReceivedFilter): JournalEntry[] {
  const { body, ...journalFilter } = filter;
  const entries = mock.requests(journalFilter);
  return body === undefined ? entries : entries.filter((entry) => partiallyEquals(parsedBody(entry), body));
}

const describeEntry = (entry: JournalEntry) =>
  `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ''} → ${entry.status}${entry.body ? ` ${entry.body.slice(0, 120)}` : ''}`;

function isMockServer(value: unknown): value is MockServer {
  return typeof value === 'object' && value !== null && typeof (value as MockServer).requests === 'function';
}

/**
 * Waits until the count test holds (or, under `.not`, until the timeout passes with it false):
 * requests from the page arrive after the action that sent them, as Playwright's own
 * web-first assertions wait for the page.
 */
async function pollCount(
  context: MatcherContext,
  name: string,
  mock: unknown,
  filter: ReceivedFilter,
  holds: (count: number) => boolean,
  wanted: string,
  options: ReceivedOptions | undefined,
): Promise<MatcherResult> {
  if (!isMockServer(mock)) throw new TypeError(`${name}: expect() takes the mock fixture (a MockServer), got ${typeof mock}`);
  const deadline = Date.now() + (options?.timeout ?? context.timeout ?? DEFAULT_TIMEOUT_MS);
  let matching = receivedMatching(mock, filter);
  // Under .not the assertion passes when the requests never come: it waits the whole timeout
  // only while they keep matching, and stops as soon as the wanted state is reached.
  while (holds(matching.length) === context.isNot && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    matching = receivedMatching(mock, filter);
  }
  const pass = holds(matching.length);
  const journal = mock.requests();
  const message = () =>
    `expect(mock).${context.isNot ? 'not.' : ''}${name}(${context.utils.printExpected(filter)})\n\n` +
    `Expected: ${context.isNot ? 'not ' : ''}${wanted}\n` +
    `Received: ${context.utils.printReceived(matching.length)} matching\n\n` +
    `Journal (${journal.length} requests, newest last):\n${journal.slice(-20).map(describeEntry).join('\n') || '(empty)'}`;
  return { pass, name, message, expected: wanted, actual: matching.length };
}

/**
 * The journal assertions, for `expect.extend`: `toHaveReceived(filter)` (at least one matching
 * request) and `toHaveReceivedTimes(filter, n)` (exactly n). Both wait for the requests up to
 * the `expect` timeout, as web-first assertions do.
 */
export const receivedMatchers = {
  async toHaveReceived(this: MatcherContext, mock: unknown, filter: ReceivedFilter = {}, options?: ReceivedOptions): Promise<MatcherResult> {
    return pollCount(this, 'toHaveReceived', mock, filter, (count) => count > 0, 'at least one matching request', options);
  },
  async toHaveReceivedTimes(this: MatcherContext, mock: unknown, filter: ReceivedFilter, times: number, options?: ReceivedOptions): Promise<MatcherResult> {
    return pollCount(this, 'toHaveReceivedTimes', mock, filter, (count) => count === times, `${times} matching request${times === 1 ? '' : 's'}`, options);
  },
};
