import { CONNECTION_FAULTS } from './fault.js';
import type { JournalEntry } from './journal-entry.js';
import { readPathMatcher } from './path-matcher.js';

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

/** A filter ready to test entries. */
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
