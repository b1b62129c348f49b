import type { ExpectMatcherState as MatcherContext, MatcherReturnType as MatcherResult } from '@playwright/test';
import type { JournalEntry, JournalFilter } from '../controls/index.js';
import type { MockServer } from './mock-server.js';

/** Which requests a journal assertion counts: a journal filter, and optionally part of the JSON body. */
export interface ReceivedFilter extends Omit<JournalFilter, 'since' | 'limit'> {
  /**
   * Fields the request's JSON body must hold (a partial match: an object lists the fields it
   * checks, an array its elements in order; any other value must be equal).
   */
  body?: unknown;
}

/**
 * How long an assertion waits for the request to arrive (under `.not`: how long it must stay
 * away), in milliseconds; default the `expect` timeout. `0` checks the journal once, now.
 */
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
 * The count a journal assertion checks: when it `holds`, and — under `.not` — from which count the
 * answer can no longer change. The journal only grows, so "at least one" holds for good once it
 * holds, and "exactly n" fails for good once more than n arrived.
 */
interface CountTest {
  holds: (count: number) => boolean;
  settledUnderNot: (count: number) => boolean;
  wanted: string;
}

/**
 * Polls the journal: requests from the page arrive after the action that sent them, as
 * Playwright's own web-first assertions wait for the page. Without `.not` it stops as soon as the
 * test holds (pass) or at the timeout (fail). Under `.not` it waits the whole timeout, because a
 * negative assertion that stops early lets a late request through: it fails as soon as a poll
 * settles the answer (a matching request arrived) and passes only once the timeout ran out.
 */
async function pollCount(
  context: MatcherContext,
  name: string,
  mock: unknown,
  filter: ReceivedFilter,
  test: CountTest,
  options: ReceivedOptions | undefined,
): Promise<MatcherResult> {
  if (!isMockServer(mock)) throw new TypeError(`${name}: expect() takes the mock fixture (a MockServer), got ${typeof mock}`);
  const timeout = options?.timeout ?? context.timeout ?? DEFAULT_TIMEOUT_MS;
  const started = Date.now();
  const done = context.isNot ? test.settledUnderNot : test.holds;
  let matching = receivedMatching(mock, filter);
  while (!done(matching.length) && Date.now() - started < timeout) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(1, timeout - (Date.now() - started)))));
    matching = receivedMatching(mock, filter);
  }
  const pass = test.holds(matching.length);
  const waited = Date.now() - started;
  const journal = mock.requests();
  const message = () =>
    `expect(mock).${context.isNot ? 'not.' : ''}${name}(${context.utils.printExpected(filter)})\n\n` +
    `Expected: ${context.isNot ? `not ${test.wanted} within ${timeout} ms` : test.wanted}\n` +
    `Received: ${context.utils.printReceived(matching.length)} matching${context.isNot ? ` after ${waited} ms` : ''}\n\n` +
    `Journal (${journal.length} requests, newest last):\n${journal.slice(-20).map(describeEntry).join('\n') || '(empty)'}`;
  return { pass, name, message, expected: test.wanted, actual: matching.length };
}

/**
 * The journal assertions, for `expect.extend`: `toHaveReceived(filter)` (at least one matching
 * request) and `toHaveReceivedTimes(filter, n)` (exactly n). Both wait for the requests up to the
 * timeout (`{ timeout }`, else the `expect` timeout), as web-first assertions do; under `.not`
 * they wait that whole timeout and fail as soon as the request arrives (`.not.toHaveReceivedTimes`:
 * as soon as more than n arrived, or with exactly n at the end).
 */
export const receivedMatchers = {
  async toHaveReceived(this: MatcherContext, mock: unknown, filter: ReceivedFilter = {}, options?: ReceivedOptions): Promise<MatcherResult> {
    const atLeastOne = (count: number) => count > 0;
    return pollCount(
      this,
      'toHaveReceived',
      mock,
      filter,
      { holds: atLeastOne, settledUnderNot: atLeastOne, wanted: 'at least one matching request' },
      options,
    );
  },
  async toHaveReceivedTimes(this: MatcherContext, mock: unknown, filter: ReceivedFilter, times: number, options?: ReceivedOptions): Promise<MatcherResult> {
    const wanted = `${times} matching request${times === 1 ? '' : 's'}`;
    return pollCount(
      this,
      'toHaveReceivedTimes',
      mock,
      filter,
      { holds: (count) => count === times, settledUnderNot: (count) => count > times, wanted },
      options,
    );
  },
};
