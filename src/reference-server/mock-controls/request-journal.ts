import type { CoreRequest } from '../core/core-types.js';
import { toJournalEntry, type JournalEntry } from './journal-entry.js';
import type { MockResponse } from './injected-status.js';
import { CONNECTION_FAULTS } from './fault.js';
import { readPathMatcher } from './path-matcher.js';

/** How many requests the journal keeps by default (`--journal-size`); the oldest go first. */
export const DEFAULT_JOURNAL_SIZE = 2000;

/** The requests the API answered, newest last; see {@link createRequestJournal}. */
export interface RequestJournal {
  /** Called by the mock controls once a request is answered (or hangs, for `timeout`). */
  record(
    request: CoreRequest,
    outcome: { response?: MockResponse; timeout?: true; injectedBy?: string | undefined },
    started: { time: Date; ms: number },
  ): void;
  /** The entries the filter lets through, oldest first; a bad filter is the reason. */
  list(filter?: JournalFilter | Record<string, unknown>): { ok: true; entries: JournalEntry[] } | { ok: false; error: string };
  clear(): void;
  /** Entries held now, and the bound. */
  readonly size: number;
  readonly capacity: number;
}

/**
 * A bounded ring of answered requests: at most `capacity` entries (each capped, see
 * journal-entry.ts), so a mock that runs for days holds a fixed amount of memory. `capacity` 0
 * keeps nothing. Browser-safe: the msw handlers use it as the node:http server does.
 */
export function createRequestJournal(capacity: number = DEFAULT_JOURNAL_SIZE, now: () => number = () => performance.now()): RequestJournal {
  if (!Number.isSafeInteger(capacity) || capacity < 0) throw new RangeError(`journal size must be a whole number ≥ 0, got ${capacity}`);
  const ring: Array<JournalEntry | undefined> = new Array(capacity);
  let next = 0; // where the next entry goes
  let count = 0;
  let seq = 0;
  const ordered = (): JournalEntry[] => {
    const start = (next - count + capacity) % Math.max(capacity, 1);
    return Array.from({ length: count }, (_, i) => ring[(start + i) % capacity]!);
  };
  return {
    record(request, outcome, started) {
      seq += 1;
      if (capacity === 0) return;
      ring[next] = toJournalEntry(seq, request, outcome, started, now());
      next = (next + 1) % capacity;
      count = Math.min(count + 1, capacity);
    },
    list(filter = {}) {
      const compiled = compileJournalFilter(filter as Record<string, unknown>);
      if (!compiled.ok) return compiled;
      const entries = ordered().filter(compiled.filter.matches);
      const { limit } = compiled.filter;
      return { ok: true, entries: limit === undefined ? entries : entries.slice(Math.max(0, entries.length - limit)) };
    },
    clear() {
      ring.fill(undefined);
      next = 0;
      count = 0;
    },
    get size() {
      return count;
    },
    capacity,
  };
}

/** Which journal entries to list; every field narrows, none lists all. */
export interface JournalFilter {
  /** `GET`, `POST`, … (any case). */
  method?: string;
  /** Exact path as received, e.g. `/event/e1`. */
  path?: string;
  /** Regular expression searched in the path, e.g. `^/event/`. */
  pathPattern?: string;
  /** `201`, a class such as `5xx`, or `drop` / `timeout`. */
  status?: number | string;
  /** Only entries after this `seq` (for polling). */
  since?: number;
  /** Only the newest this many. */
  limit?: number;
}

export interface CompiledJournalFilter {
  matches(entry: JournalEntry): boolean;
  since: number;
  limit: number | undefined;
}

const FILTER_KEYS = ['method', 'path', 'pathPattern', 'status', 'since', 'limit'];

function readStatusTest(status: unknown): ((entry: JournalEntry) => boolean) | string {
  const text = String(status).trim().toLowerCase();
  if (/^[1-5]xx$/.test(text)) return (entry) => typeof entry.status === 'number' && Math.floor(entry.status / 100) === Number(text[0]);
  if (/^[1-5]\d\d$/.test(text)) return (entry) => entry.status === Number(text);
  if (CONNECTION_FAULTS.some((kind) => kind === text)) return (entry) => entry.status === text;
  return `status must be a status (404), a class (4xx), drop or timeout, got ${JSON.stringify(status)}`;
}

function readCount(name: string, value: unknown): number | string {
  const count = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : `${name} must be a whole number ≥ 0, got ${JSON.stringify(value)}`;
}

/**
 * Reads a journal filter, from the query of `GET /__admin/requests` (strings) or from
 * `handlers.requests(filter)`; an unknown field or a bad value is the reason it is refused.
 *
 * @example compileJournalFilter({ method: 'delete', pathPattern: '^/event/' }) // DELETE /event/e1, not GET /event/e1
 */
export function compileJournalFilter(filter: Record<string, unknown>): { ok: true; filter: CompiledJournalFilter } | { ok: false; error: string } {
  const unknown = Object.keys(filter).find((key) => !FILTER_KEYS.includes(key));
  if (unknown !== undefined) return { ok: false, error: `unknown filter ${JSON.stringify(unknown)} (use ${FILTER_KEYS.join(', ')})` };
  const path = readPathMatcher(filter, true);
  if (!path.ok) return path;
  const method = filter['method'] === undefined ? undefined : String(filter['method']).toUpperCase();
  const status = filter['status'] === undefined ? undefined : readStatusTest(filter['status']);
  if (typeof status === 'string') return { ok: false, error: status };
  const since = filter['since'] === undefined ? 0 : readCount('since', filter['since']);
  if (typeof since === 'string') return { ok: false, error: since };
  const limit = filter['limit'] === undefined ? undefined : readCount('limit', filter['limit']);
  if (typeof limit === 'string') return { ok: false, error: limit };
  const matcher = path.matcher;
  return {
    ok: true,
    filter: {
      since,
      limit,
      matches: (entry) =>
        entry.seq > since &&
        (method === undefined || entry.method === method) &&
        (matcher === undefined || matcher.matches(entry.path)) &&
        (status === undefined || status(entry)),
    },
  };
}
