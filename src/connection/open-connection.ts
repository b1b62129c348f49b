import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionFailure } from './connection-failure.js';
import type { ConnectionSettings } from './connection-settings.js';
import { createRunCoordinator, type RunCoordinator } from './run-coordinator.js';
import { createRouter, sendOnce, type OutgoingRequest, type RawAnswer } from './send-once.js';
import { requestsHalted, trackOnTheWire } from './halt-requests.js';
import { createTargetHealth, type TargetStop } from './target-health.js';
import { expiresSoon } from './token-source.js';

/** The longest Retry-After a run waits for with `--retry-throttled`; a longer one is reported instead. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** The wait when a 429 names none. */
const DEFAULT_WAIT_MS = 1000;

/**
 * Whether a gateway throttled the call: 429 Too Many Requests always, 503 only when it says when
 * to come back (Retry-After) — a 503 without it is the service failing, which the run judges.
 */
export function isThrottled(answer: Pick<RawAnswer, 'status' | 'headers'>): boolean {
  return answer.status === 429 || (answer.status === 503 && answer.headers['retry-after'] !== undefined);
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); a default when absent or unreadable. */
export function retryAfterMs(answer: Pick<RawAnswer, 'headers'>, nowMs = Date.now()): number {
  const value = answer.headers['retry-after']?.trim();
  if (value === undefined || value === '') return DEFAULT_WAIT_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_WAIT_MS : Math.max(0, date - nowMs);
}

/** The one line a throttled call fails with. */
export function throttledMessage(
  request: { method: string; url: URL },
  answer: Pick<RawAnswer, 'status' | 'headers'>,
  rate: number | undefined,
  retries: number,
): string {
  const after = answer.headers['retry-after'];
  const tried = retries > 0 ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'}` : '';
  return (
    `the target throttled the run: ${request.method} ${request.url.href} answered ${answer.status}${after !== undefined ? ` (Retry-After: ${after})` : ''}${tried}. ` +
    `This is the gateway's limit, not a verdict on the service: lower --rate (${rate === undefined ? 'now unlimited' : `now ${rate}/s`}), or let --retry-throttled N wait and send it again`
  );
}

/**
 * The connection's one retry middleware: an answer that says the gateway throttled the run is
 * waited out (Retry-After) and sent again, up to `retries` times, when the wait is at most
 * {@link MAX_RETRY_AFTER_MS} and ends before `until`; otherwise the call fails as `throttled`.
 */
export async function retryThrottled(
  request: Pick<OutgoingRequest, 'method' | 'url'>,
  first: RawAnswer,
  again: () => Promise<RawAnswer>,
  // The retries allowed, the run's end, the rate (for the message), and a count of every throttled answer (the run reports them).
  policy: { retries: number; until?: number | undefined; rate?: number | undefined; onThrottled(): void },
): Promise<RawAnswer> {
  let answer = first;
  for (let retries = 0; isThrottled(answer); retries++) {
    policy.onThrottled();
    const wait = retryAfterMs(answer);
    const fits = policy.until === undefined || Date.now() + wait < policy.until;
    if (retries >= policy.retries || wait > MAX_RETRY_AFTER_MS || !fits)
      throw new ConnectionFailure('throttled', throttledMessage(request, answer, policy.rate, retries));
    await sleep(wait);
    answer = await again();
  }
  return answer;
}

/** A request to the target: a path below the base URL (query included), or an absolute URL. */
export interface TargetRequest {
  method: string;
  /** `/event/e1?q=…`, appended to the base URL's path; or a whole URL. */
  path: string;
  headers?: Record<string, string> | undefined;
  body?: Buffer | string | undefined;
}

/** Options of {@link openConnection}. */
export interface OpenOptions {
  /** Shares the pace and the token with the rest of the run; default: a coordinator of this process. */
  coordinator?: RunCoordinator | undefined;
  /** Connections per origin (the fuzzer keeps four in flight); default unlimited. */
  maxSockets?: number | undefined;
  /**
   * Keeps sending after the run was halted (halt-requests.ts): the read-back of an interrupted
   * run's leftovers goes through such a connection; every other one is cut short. Default false.
   */
  exemptFromHalt?: boolean | undefined;
}

/** The pre-flight's path, and the probe's: the smallest index, which the service starts with (§2.2). */
const PROBE_PATH = '/type/network-link';

/** A run's way to its target: every request of conformance, fuzz and capture goes through {@link ConnectionSession.send}. */
export interface ConnectionSession {
  readonly settings: ConnectionSettings;
  /** The run's token now (obtained on first use, renewed near its `exp`); undefined without one. */
  token(): Promise<string | undefined>;
  /** The Authorization value for a token: `Bearer <token>`, or the bare token with scheme `''`. */
  authorization(token: string): string;
  /** The absolute URL of a path below the base URL. */
  url(path: string): URL;
  /**
   * Sends one request: waits for its slot of `--rate`, adds `--header`s, swaps an older run token
   * for the current one, sends it again once with a new token after a 401 to the run's token,
   * and handles throttling (429, or 503 with Retry-After) as `--retry-throttled` says. Resolves to
   * the answer the target gave; rejects with a ConnectionFailure when it gave none the run can
   * judge. `until` (epoch ms) ends waiting and sending: the request is then cut short.
   */
  send(request: TargetRequest, limits?: { until?: number | undefined; timeoutMs?: number | undefined }): Promise<RawAnswer>;
  /** Requests that went on the wire (retries included). */
  readonly sent: number;
  /** Answers that said the gateway throttled the run. */
  readonly throttled: number;
  /**
   * Set once the target stopped answering (target-health.ts): several requests in a row and a
   * probe read got no answer. Every later `send` then fails at once with the stop's line.
   */
  readonly stopped: TargetStop | undefined;
  close(): void;
}

/** Replaces every occurrence of one text by another (tokens hold no pattern characters to escape). */
const swap = (text: string, from: string, to: string) => text.split(from).join(to);

/** Opens the connection a run's requests go through (no request is sent until the first `send`). */
export function openConnection(settings: ConnectionSettings, options: OpenOptions = {}): ConnectionSession {
  const base = new URL(settings.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const router = createRouter(settings, options.maxSockets);
  const coordinator = options.coordinator ?? createRunCoordinator(settings);
  const extraHeaders = Object.fromEntries(settings.headers.map((h) => [h.name.toLowerCase(), h.value]));
  // Every token this process has used: a request that carries an older one gets the current one.
  const issued = new Set<string>();
  let held: { token: string; at: number } | undefined;
  let sent = 0;
  let throttled = 0;

  const remember = (token: string | undefined) => {
    if (token === undefined) return undefined;
    if (held?.token !== token) held = { token, at: Date.now() };
    issued.add(token);
    return token;
  };
  const token = async () =>
    remember(held === undefined ? await coordinator.token() : expiresSoon(held.token, held.at) ? await coordinator.token(held.token) : held.token);
  const authorization = (value: string) => (settings.auth.scheme === '' ? value : `${settings.auth.scheme} ${value}`);

  /** The run token a request carries where it counts (Authorization), or misplaced in the URL (the fuzzer's). */
  const carriedToken = (request: OutgoingRequest): { token: string; inHeader: boolean } | undefined => {
    for (const candidate of issued) {
      if (request.headers['authorization']?.includes(candidate)) return { token: candidate, inHeader: true };
      if (request.url.href.includes(encodeURIComponent(candidate))) return { token: candidate, inHeader: false };
    }
    return undefined;
  };
  const withToken = (request: OutgoingRequest, from: string, to: string): OutgoingRequest => {
    const headers = { ...request.headers };
    if (headers['authorization'] !== undefined) headers['authorization'] = swap(headers['authorization'], from, to);
    return { ...request, headers, url: new URL(swap(request.url.href, encodeURIComponent(from), encodeURIComponent(to))) };
  };

  // Any answer proves the target alive; the probe is bounded like the request it follows. A probe
  // the run's time cut short proves nothing, so it counts as alive (the run ends anyway).
  const probe = async (until: number | undefined) => {
    try {
      await sendOnce(
        router,
        { method: 'GET', url: new URL(`${prefix}${PROBE_PATH}`, base.origin), headers: { ...extraHeaders, accept: 'application/json' }, body: undefined },
        { timeoutMs: Math.min(settings.timeoutMs, 5_000), until },
      );
      return true;
    } catch (error) {
      return error instanceof ConnectionFailure && error.kind === 'cut-short';
    }
  };
  const health = createTargetHealth(probe);

  const refuseWhenHalted = (request: OutgoingRequest) => {
    const halted = options.exemptFromHalt ? undefined : requestsHalted();
    if (halted !== undefined) throw new ConnectionFailure('cut-short', `${request.method} ${request.url.href}: not sent, ${halted}`);
  };
  const attempt = async (request: OutgoingRequest, until: number | undefined, timeoutMs: number) => {
    const refused = health.refuse();
    if (refused) throw refused;
    refuseWhenHalted(request);
    if (!(await coordinator.slot(until))) throw new ConnectionFailure('cut-short', `${request.method} ${request.url.href}: not sent, the run's time was up`);
    // The slot may have come after the halt.
    refuseWhenHalted(request);
    sent++;
    try {
      const answer = await trackOnTheWire(sendOnce(router, request, { timeoutMs, until }));
      await health.observe({ ok: true }, sent);
      return answer;
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      throw (await health.observe({ ok: false, failure: error }, sent, until)) ?? error;
    }
  };

  const send: ConnectionSession['send'] = async (target, limits = {}) => {
    const headers: Record<string, string> = { ...extraHeaders };
    for (const [name, value] of Object.entries(target.headers ?? {})) headers[name.toLowerCase()] = value;
    let request: OutgoingRequest = {
      method: target.method,
      url: /^https?:\/\//.test(target.path) ? new URL(target.path) : new URL(`${prefix}${target.path}`, base.origin),
      headers,
      body: typeof target.body === 'string' ? Buffer.from(target.body, 'utf8') : target.body,
    };
    const timeoutMs = limits.timeoutMs ?? settings.timeoutMs;
    const found = carriedToken(request);
    let carried: string | undefined;
    if (found !== undefined) {
      const now = await token();
      if (now !== undefined && now !== found.token) request = withToken(request, found.token, now);
      carried = now;
    }
    let answer = await attempt(request, limits.until, timeoutMs);
    // §5 leaves token lifetimes open: a 401 to the run's own token may mean it just expired. One
    // new token, one more try — only for a token sent where it counts (a token in the query string must be refused).
    if (answer.status === 401 && carried !== undefined && found?.inHeader === true && coordinator.refreshable) {
      const fresh = remember(await coordinator.token(carried, true));
      if (fresh !== undefined && fresh !== carried) {
        request = withToken(request, carried, fresh);
        answer = await attempt(request, limits.until, timeoutMs);
      }
    }
    const final = request;
    return retryThrottled(final, answer, () => attempt(final, limits.until, timeoutMs), {
      retries: settings.retryThrottled,
      until: limits.until,
      rate: settings.rate,
      onThrottled: () => throttled++,
    });
  };

  return {
    settings,
    token,
    authorization,
    url: (path) => new URL(`${prefix}${path}`, base.origin),
    send,
    get sent() {
      return sent;
    },
    get throttled() {
      return throttled;
    },
    get stopped() {
      return health.stopped;
    },
    close: () => router.close(),
  };
}
