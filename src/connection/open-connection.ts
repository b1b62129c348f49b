import { setTimeout as sleep } from 'node:timers/promises';
import { describedHeaders, renewalDue } from '../client/index.js';
import { ConnectionFailure, type FailureKind } from './connection-failure.js';
import type { ConnectionSettings } from './connection-settings.js';
import { createRunCoordinator, type RunCoordinator } from './run-coordinator.js';
import { createRouter, sendOnce, type OutgoingRequest, type RawAnswer } from './send-once.js';

/** A request to the target: a path below the base URL (`/event/e1?q=…`, query included), or an absolute URL. */
export interface TargetRequest {
  method: string;
  path: string;
  headers?: Record<string, string> | undefined;
  body?: Buffer | string | undefined;
  /** Only its own headers and the `--header`s: the client's calls carry theirs, the steps' and fuzzer's odd ones go as written. */
  asIs?: boolean | undefined;
}

/** A run's one way to its target (conformance, fuzz, capture): only the session decides time-out, token, cap, rate and throttling. */
export interface ConnectionSession {
  readonly settings: ConnectionSettings;
  token(): Promise<string | undefined>;
  url(path: string): URL;
  /** Rejects with a ConnectionFailure when no answer the run can judge came; at `until` (epoch ms) waiting and sending end. */
  send(request: TargetRequest, limits?: { until?: number | undefined }): Promise<RawAnswer>;
  /** Requests on the wire (retries included), answers that said the gateway throttled, and the stop after which every send fails. */
  readonly sent: number;
  readonly throttled: number;
  readonly stopped: TargetStop | undefined;
  close(): void;
}

// An interrupted run halts every connection of this process but the read-back's (`exemptFromHalt`) and waits for the
// requests on the wire, so no scenario creates a record after that read. Module state: the steps open their own sessions.
let haltedBecause: string | undefined;
const onTheWire = new Set<Promise<unknown>>();

/** Refuses every later request of a connection that is not exempt; the first reason stays. */
export function haltRequests(reason: string): void {
  haltedBecause ??= reason;
}

/** Resolves to true once no request is on the wire, or to false at `until` (epoch ms) with some still there. */
export async function requestsSettled(until: number): Promise<boolean> {
  while (onTheWire.size > 0) {
    const left = until - Date.now();
    if (left <= 0) return false;
    // Unreferenced: a wait that loses the race holds no process open.
    await Promise.race([Promise.all([...onTheWire]), sleep(left, undefined, { ref: false })]);
  }
  return true;
}

type OpenOptions = { coordinator?: RunCoordinator | undefined; exemptFromHalt?: boolean };

/** Opens the connection a run's requests go through; `coordinator` shares the run's cap, rate and token (default: this process's own). */
export function openConnection(settings: ConnectionSettings, options: OpenOptions = {}): ConnectionSession {
  const base = new URL(settings.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = (path: string) => (/^https?:\/\//.test(path) ? new URL(path) : new URL(`${prefix}${path}`, base.origin));
  const router = createRouter(settings);
  const coordinator = options.coordinator ?? createRunCoordinator(settings);
  const extraHeaders = Object.fromEntries(settings.headers.map((h) => [h.name.toLowerCase(), h.value]));
  // Held here too, so that a worker asks the broker only when the token nears its exp.
  let held: { token: string; renewAt: number } | undefined;
  // Every token this process has used: a request that carries an older one gets the current one.
  const issued = new Set<string>();

  const remember = (token: string | undefined) => {
    if (token === undefined) return undefined;
    if (held?.token !== token) held = { token, renewAt: renewalDue(token, Date.now()) };
    issued.add(token);
    return token;
  };
  const token = async () => remember(held === undefined || Date.now() >= held.renewAt ? await coordinator.token() : held.token);

  // The run token a request carries where it counts (Authorization), or misplaced in the URL (the fuzzer's).
  const carriedToken = (request: OutgoingRequest): { token: string; inHeader: boolean } | undefined => {
    for (const candidate of issued) {
      if (request.headers['authorization']?.includes(candidate)) return { token: candidate, inHeader: true };
      if (request.url.href.includes(encodeURIComponent(candidate))) return { token: candidate, inHeader: false };
    }
    return undefined;
  };
  const withToken = (request: OutgoingRequest, from: string, to: string): OutgoingRequest => {
    const headers = { ...request.headers };
    if (headers['authorization'] !== undefined) headers['authorization'] = headers['authorization'].replaceAll(from, to);
    return { ...request, headers, url: new URL(request.url.href.replaceAll(encodeURIComponent(from), encodeURIComponent(to))) };
  };

  const refuseIfHalted = (request: OutgoingRequest) => {
    const why = options.exemptFromHalt ? undefined : haltedBecause;
    if (why !== undefined) throw new ConnectionFailure('cut-short', `${request.method} ${request.url.href}: not sent, ${why}`);
  };
  const transmit = async (request: OutgoingRequest, until: number | undefined, timeout: number) => {
    refuseIfHalted(request);
    const release = await coordinator.permit(until);
    if (!release) throw new ConnectionFailure('cut-short', `${request.method} ${request.url.href}: not sent, the run's time was up`);
    try {
      refuseIfHalted(request); // the permit may have come after the halt
      session.sent++;
      const answer = sendOnce(router, request, { timeout, until });
      const forget = () => onTheWire.delete(settled);
      const settled: Promise<unknown> = answer.then(forget, forget);
      onTheWire.add(settled);
      return await answer;
    } finally {
      release();
    }
  };

  // Any answer proves the target alive; the probe is bounded like the request it follows. A probe
  // the run's time cut short proves nothing, so it counts as alive (the run ends anyway).
  const health = createTargetHealth(async (until) => {
    const headers = { ...describedHeaders(settings.auth.scheme, undefined), ...extraHeaders };
    try {
      await transmit({ method: 'GET', url: url(PROBE_PATH), headers }, until, Math.min(settings.timeout, 5_000));
      return true;
    } catch (error) {
      return error instanceof ConnectionFailure && error.kind === 'cut-short';
    }
  });
  const attempt = async (request: OutgoingRequest, until: number | undefined) => {
    const refused = health.refuse();
    if (refused) throw refused;
    try {
      const answer = await transmit(request, until, settings.timeout);
      await health.observe({ ok: true }, session.sent);
      return answer;
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      throw (await health.observe({ ok: false, failure: error }, session.sent, until)) ?? error;
    }
  };

  const send: ConnectionSession['send'] = async (target, limits = {}) => {
    const headers = target.asIs ? { ...extraHeaders } : { ...describedHeaders(settings.auth.scheme, await token()), ...extraHeaders };
    for (const [name, value] of Object.entries(target.headers ?? {})) headers[name.toLowerCase()] = value;
    const body = typeof target.body === 'string' ? Buffer.from(target.body, 'utf8') : target.body;
    let request: OutgoingRequest = { method: target.method, url: url(target.path), headers, body };
    const found = carriedToken(request);
    const carried = found ? await token() : undefined;
    if (found && carried !== undefined && carried !== found.token) request = withToken(request, found.token, carried);
    let answer = await attempt(request, limits.until);
    // §5 leaves token lifetimes open: a 401 to the run's own token may mean it just expired. One
    // new token, one more try — only for a token sent where it counts (a token in the query string must be refused).
    if (answer.status === 401 && carried !== undefined && found?.inHeader === true && coordinator.refreshable) {
      const fresh = remember(await coordinator.token(carried));
      if (fresh !== undefined && fresh !== carried) {
        request = withToken(request, carried, fresh);
        answer = await attempt(request, limits.until);
      }
    }
    const policy = { retries: settings.retryThrottled, until: limits.until, rate: settings.rate, onThrottled: () => session.throttled++ };
    return retryThrottled(request, answer, () => attempt(request, limits.until), policy);
  };

  const session = { settings, token, url, send, sent: 0, throttled: 0, close: () => router.close() };
  return Object.defineProperty(session, 'stopped', { get: () => health.stopped }) as typeof session & Pick<ConnectionSession, 'stopped'>;
}

/** A gateway's throttling: 429 always, 503 only with Retry-After — a 503 without it is the service failing, which the run judges. */
export const isThrottled = (answer: Pick<RawAnswer, 'status' | 'headers'>) =>
  answer.status === 429 || (answer.status === 503 && answer.headers['retry-after'] !== undefined);

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3); 1 s when absent or unreadable. */
export function retryAfterMs(answer: Pick<RawAnswer, 'headers'>, nowMs = Date.now()): number {
  const value = answer.headers['retry-after']?.trim() ?? '';
  const at = /^\d+$/.test(value) ? nowMs + Number(value) * 1000 : Date.parse(value);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - nowMs);
}

type RetryPolicy = { retries: number; until?: number | undefined; rate?: number | undefined; onThrottled(): void };

/**
 * The session's one retry of an answer: a throttled one is waited out and sent again, up to `retries` times, while
 * Retry-After is at most a minute (a longer one is reported) and ends before `until`; otherwise it fails as `throttled`.
 */
export async function retryThrottled(request: Pick<OutgoingRequest, 'method' | 'url'>, first: RawAnswer, again: () => Promise<RawAnswer>, policy: RetryPolicy) {
  let answer = first;
  for (let retries = 0; isThrottled(answer); retries++) {
    policy.onThrottled();
    const wait = retryAfterMs(answer);
    if (retries >= policy.retries || wait > 60_000 || (policy.until !== undefined && Date.now() + wait >= policy.until)) {
      const after = answer.headers['retry-after'];
      const tried = retries > 0 ? ` after ${retries} retr${retries === 1 ? 'y' : 'ies'}` : '';
      throw new ConnectionFailure(
        'throttled',
        `the target throttled the run: ${request.method} ${request.url.href} answered ${answer.status}${after !== undefined ? ` (Retry-After: ${after})` : ''}${tried}. ` +
          `This is the gateway's limit, not a verdict on the service: lower --rate (${policy.rate === undefined ? 'now unlimited' : `now ${policy.rate}/s`}), or let --retry-throttled N wait and send it again`,
      );
    }
    await sleep(wait);
    answer = await again();
  }
  return answer;
}

/** Connection failures in a row after which the target is probed (a dropped delete or two is not a dead target). */
export const FAILURES_BEFORE_PROBE = 5;
/** The words every "stopped" message starts with: the conformance command finds them in a scenario's error. */
export const TARGET_STOPPED = 'the target stopped answering';
/** The probe's path: the smallest index, which the service starts with (§2.2). */
const PROBE_PATH = '/type/network-link';
/** Kinds that say nothing answered at all; TLS, proxy, token, throttling and a run's own time limit say something else. */
const SILENT: ReadonlySet<FailureKind> = new Set(['url', 'timeout']);

/** When the target stopped answering, after how many requests of this process, and the one line every later request fails with. */
export type TargetStop = { at: Date; afterRequests: number; line: string };

/**
 * After {@link FAILURES_BEFORE_PROBE} requests in a row got no answer and a probe read neither, the target stopped:
 * every later request fails at once with one line, instead of every remaining scenario waiting for its own time-out.
 */
export function createTargetHealth(probe: (until: number | undefined) => Promise<boolean>, now: () => Date = () => new Date()) {
  let inARow = 0;
  let lastMessage = '';
  let probing: Promise<boolean> | undefined;
  const health = {
    stopped: undefined as TargetStop | undefined,
    /** The failure a request gets, unsent, once the target stopped. */
    refuse: () => (health.stopped ? new ConnectionFailure('stopped', health.stopped.line) : undefined),
    /** Takes what a request gave; resolves to the failure to throw (the stop's own once the probe confirmed it). */
    async observe(outcome: { ok: true } | { ok: false; failure: ConnectionFailure }, sent: number, until?: number): Promise<ConnectionFailure | undefined> {
      if (health.stopped) return health.refuse();
      if (outcome.ok) {
        inARow = 0;
        return undefined;
      }
      if (!SILENT.has(outcome.failure.kind)) return outcome.failure;
      inARow++;
      lastMessage = outcome.failure.message;
      if (inARow < FAILURES_BEFORE_PROBE) return outcome.failure;
      probing ??= probe(until).finally(() => (probing = undefined));
      if (await probing) {
        inARow = 0;
        return outcome.failure;
      }
      if (!health.stopped) {
        const at = now();
        const line = `${TARGET_STOPPED} at ${at.toISOString().slice(11, 19)} UTC, after ${sent} requests: ${inARow} in a row got no answer (last: ${lastMessage}) and neither did a probe read`;
        health.stopped = { at, afterRequests: sent, line };
      }
      return health.refuse();
    },
  };
  return health;
}
