import type { CoreRequest } from '../core/core-types.js';
import type { EnvelopeItem } from '../core/envelope.js';
import { unhandledFault, type InjectedStatus } from './fault.js';
import type { MockResponse } from './injected-status.js';

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

/** The status the journal shows: the one answered, or how a connection fault is written. */
function journalStatus(outcome: { response?: MockResponse; timeout?: true }): InjectedStatus {
  if (outcome.timeout) return 'timeout';
  const fault = outcome.response?.fault;
  switch (fault?.kind) {
    case 'drop':
      return fault.kind;
    case undefined:
    case 'status':
    case 'timeout': // never answered: journalled as such above
      return outcome.response?.status ?? 0;
    default:
      return unhandledFault(fault);
  }
}

/** What the journal keeps of one answered request: copies, capped, the token masked. */
export function toJournalEntry(
  seq: number,
  request: CoreRequest,
  outcome: { response?: MockResponse; timeout?: true; injectedBy?: string | undefined },
  started: { time: Date; ms: number },
  now: number,
): JournalEntry {
  const query = request.query ? cap(request.query, MAX_JOURNAL_TEXT) : undefined;
  const body = request.body ? cap(request.body, MAX_JOURNAL_TEXT) : undefined;
  const truncated = (query?.length ?? 0) < (request.query?.length ?? 0) || (body?.length ?? 0) < (request.body?.length ?? 0);
  const { response } = outcome;
  const status = journalStatus(outcome);
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
