import type { CoreRequest } from '../core/core-types.js';
import type { EnvelopeItem } from '../core/envelope.js';
import { CONNECTION_FAULTS, type InjectedStatus, type MockResponse } from './fault.js';
import { readPathMatcher } from './path-matcher.js';

/** How a request was answered, for the journal: the answer, or a `timeout` that never answers; and what injected it. */
export type JournalOutcome = { response?: MockResponse; timeout?: true; injectedBy?: string | undefined };

/** One request the API answered, as `GET /__admin/requests` lists it. */
export interface JournalEntry {
  /** Increases by one per journalled request since start (never reused, also across a clear). */
  seq: number;
  /** When the request arrived (ISO 8601). */
  time: string;
  method: string;
  /** As received, percent-encoded. */
  path: string;
  /** The raw query string without `?`, capped like the body. */
  query?: string;
  /** Request headers (the first {@link MAX_JOURNAL_HEADERS}); `authorization` masked, values capped at {@link MAX_JOURNAL_VALUE}. */
  headers: Record<string, string>;
  /** The body as received, capped at {@link MAX_JOURNAL_TEXT} characters (as JavaScript counts them). */
  body?: string;
  /** True when `body` or `query` was cut at the cap. */
  truncated?: true;
  /** The status answered, or `drop` / `timeout` for an injected connection fault. */
  status: InjectedStatus;
  /** The envelope answered (at most {@link MAX_JOURNAL_ITEMS} items; `items` says how many there were). */
  envelope?: EnvelopeItem[];
  /** The number of envelope items or records answered. */
  items?: number;
  /** True when the answer was a record list (a read), not an envelope. */
  records?: true;
  /** What injected the answer or delay: `x-mgmt-kit-status` or `rule f1`. */
  injectedBy?: string;
  /** From arrival to answer, delays included (ms, one decimal). */
  durationMs: number;
}

/** Characters kept of a body or a query. */
export const MAX_JOURNAL_TEXT = 1024;
/** Characters kept of a header value or an envelope message. */
export const MAX_JOURNAL_VALUE = 200;
/** Envelope items kept (a batch create may answer thousands). */
export const MAX_JOURNAL_ITEMS = 5;
/** Request headers kept. */
export const MAX_JOURNAL_HEADERS = 24;

/**
 * The first `max` characters, as a string of their own: a plain slice would keep the whole
 * original alive (V8 slices point into their parent), and the cap would bound nothing.
 */
function cap(text: string, max: number): string {
  return text.length > max ? (JSON.parse(JSON.stringify(text.slice(0, max))) as string) : text;
}

/**
 * `Bearer eyJhbGciOi…` as `Bearer ***** (171 characters)`: the scheme and the length show which
 * kind of credential the app sent, never the credential itself.
 */
export function maskAuthorization(value: string): string {
  const [scheme, ...rest] = value.trim().split(/\s+/);
  const secret = rest.join(' ');
  return secret === '' ? `***** (${value.length} characters)` : `${scheme} ***** (${secret.length} characters)`;
}

function journalHeaders(headers: CoreRequest['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, MAX_JOURNAL_HEADERS)) {
    if (value === undefined) continue;
    kept[name] = name === 'authorization' || name === 'proxy-authorization' ? maskAuthorization(value) : cap(value, MAX_JOURNAL_VALUE);
  }
  return kept;
}

function isEnvelope(body: readonly unknown[]): body is EnvelopeItem[] {
  const first = body[0] as Partial<EnvelopeItem> | undefined;
  return first !== undefined && typeof first === 'object' && first !== null && typeof first.code === 'number' && typeof first.error === 'boolean';
}

function capItem(item: EnvelopeItem): EnvelopeItem {
  const text = typeof item.message === 'string' ? item.message : JSON.stringify(item.message);
  const message = text.length > MAX_JOURNAL_VALUE || typeof item.message === 'string' ? cap(text, MAX_JOURNAL_VALUE) : item.message;
  // A record id is as long as the client made it: capped like a message.
  return { ...item, message, ...(item.id === undefined ? {} : { id: cap(item.id, MAX_JOURNAL_VALUE) }) };
}

/** What the answer carried: the envelope (capped) or the number of records of a read. */
function journalAnswer(body: unknown): Pick<JournalEntry, 'envelope' | 'items' | 'records'> {
  if (!Array.isArray(body)) return {};
  if (body.length > 0 && isEnvelope(body)) return { envelope: body.slice(0, MAX_JOURNAL_ITEMS).map(capItem), items: body.length };
  return { items: body.length, records: true };
}

/** What the journal keeps of one answered request: copies, capped, the token masked. */
function toJournalEntry(seq: number, request: CoreRequest, outcome: JournalOutcome, started: { time: Date; ms: number }, now: number): JournalEntry {
  const query = request.query ? cap(request.query, MAX_JOURNAL_TEXT) : undefined;
  const body = request.body ? cap(request.body, MAX_JOURNAL_TEXT) : undefined;
  const truncated = (query?.length ?? 0) < (request.query?.length ?? 0) || (body?.length ?? 0) < (request.body?.length ?? 0);
  const { response } = outcome;
  // A connection fault is journalled as it is written; a timeout is journalled when it starts to hang.
  const status: InjectedStatus = outcome.timeout ? 'timeout' : response?.fault?.kind === 'drop' ? 'drop' : (response?.status ?? 0);
  return {
    seq,
    time: started.time.toISOString(),
    method: request.method.toUpperCase(),
    path: cap(request.path, MAX_JOURNAL_TEXT),
    ...(query ? { query } : {}),
    headers: journalHeaders(request.headers),
    ...(body ? { body } : {}),
    ...(truncated ? { truncated: true as const } : {}),
    status,
    ...(response && response.fault?.kind !== 'drop' ? journalAnswer(response.body) : {}),
    ...(outcome.injectedBy ? { injectedBy: outcome.injectedBy } : {}),
    durationMs: Math.round((now - started.ms) * 10) / 10,
  };
}

/** How many requests the journal keeps by default (`--journal-size`); the oldest go first. */
export const DEFAULT_JOURNAL_SIZE = 2000;

/** The requests the API answered, newest last; see {@link createRequestJournal}. */
export interface RequestJournal {
  /** Called by the mock controls once a request is answered (or hangs, for `timeout`). */
  record(request: CoreRequest, outcome: JournalOutcome, started: { time: Date; ms: number }): void;
  /** The entries the filter lets through, oldest first; a bad filter is the reason. */
  list(filter?: JournalFilter | Record<string, unknown>): { ok: true; entries: JournalEntry[] } | { ok: false; error: string };
  clear(): void;
  /** Entries held now, and the bound. */
  readonly size: number;
  readonly capacity: number;
}

/**
 * A bounded ring of answered requests: at most `capacity` entries (each capped, see
 * {@link toJournalEntry}), so a mock that runs for days holds a fixed amount of memory. `capacity` 0
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
