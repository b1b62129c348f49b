import { describedHeaders, expiresSoon } from '../client/index.js';
import { ConnectionFailure } from './connection-failure.js';
import type { ConnectionSettings } from './connection-settings.js';
import { requestsHalted, trackOnTheWire } from './halt-requests.js';
import { retryThrottled } from './retry-throttled.js';
import { createRunCoordinator, type RunCoordinator } from './run-coordinator.js';
import { createRouter, sendOnce, type OutgoingRequest, type RawAnswer } from './send-once.js';
import { createTargetHealth, type TargetStop } from './target-health.js';

/** A request to the target: a path below the base URL (`/event/e1?q=…`, query included), or an absolute URL. */
export interface TargetRequest {
  method: string;
  path: string;
  headers?: Record<string, string> | undefined;
  body?: Buffer | string | undefined;
  /**
   * Sent with its own headers only (and the `--header`s): the typed client's calls, which carry
   * their own, and the deliberately unusual requests of the steps and the fuzzer. Otherwise it
   * carries what the description lists for every operation (§4.1, §5) — Accept and Content-Type
   * `application/json`, Authorization with the run's token — and its own headers over them.
   */
  asIs?: boolean | undefined;
}

/** Options of {@link openConnection}. */
export interface OpenOptions {
  /** The run's connection cap, rate and token, shared with the rest of the run; default: a coordinator of this process. */
  coordinator?: RunCoordinator | undefined;
  /** Keeps sending after the run was halted (halt-requests.ts): the read-back of an interrupted run. */
  exemptFromHalt?: boolean | undefined;
}

/** The probe's path: the smallest index, which the service starts with (§2.2). */
const PROBE_PATH = '/type/network-link';

/**
 * A run's one way to its target: every request of conformance (the steps' client and raw requests,
 * the housekeeping, the pre-flight, the final read), fuzz and capture goes through `send`, and
 * only the session decides the time-out, the token, the connection cap, the rate and throttling.
 */
export interface ConnectionSession {
  readonly settings: ConnectionSettings;
  /** The run's token now (obtained on first use, renewed near its `exp`); undefined without one. */
  token(): Promise<string | undefined>;
  url(path: string): URL;
  /**
   * Sends one request: waits for a free connection and the rate's room (neither counts in the
   * time-out, which runs from sending), swaps an older run token for the current one, sends it
   * once more with a new token after a 401 to the run's token, and handles throttling as
   * `--retry-throttled` says. Resolves to the target's answer; rejects with a ConnectionFailure
   * when none came that the run can judge. At `until` (epoch ms) waiting and sending end: cut short.
   */
  send(request: TargetRequest, limits?: { until?: number | undefined }): Promise<RawAnswer>;
  /** Requests that went on the wire (retries included). */
  readonly sent: number;
  /** Answers that said the gateway throttled the run. */
  readonly throttled: number;
  /** Set once the target stopped answering (target-health.ts); every later `send` fails at once, kind `stopped`. */
  readonly stopped: TargetStop | undefined;
  close(): void;
}

/** Replaces every occurrence of one text by another (tokens hold no pattern characters to escape). */
const swap = (text: string, from: string, to: string) => text.split(from).join(to);

/** Opens the connection a run's requests go through (no request is sent until the first `send`). */
export function openConnection(settings: ConnectionSettings, options: OpenOptions = {}): ConnectionSession {
  const base = new URL(settings.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const url = (path: string) => (/^https?:\/\//.test(path) ? new URL(path) : new URL(`${prefix}${path}`, base.origin));
  const router = createRouter(settings);
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
  const token = async () => remember(held === undefined || expiresSoon(held.token, held.at) ? await coordinator.token() : held.token);

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
    if (headers['authorization'] !== undefined) headers['authorization'] = swap(headers['authorization'], from, to);
    return { ...request, headers, url: new URL(swap(request.url.href, encodeURIComponent(from), encodeURIComponent(to))) };
  };

  const notSent = (request: OutgoingRequest, why: string) => new ConnectionFailure('cut-short', `${request.method} ${request.url.href}: not sent, ${why}`);
  const halted = () => (options.exemptFromHalt ? undefined : requestsHalted());
  /** One attempt on the wire, once the run's gate lets it go; the connection is given back when its answer ended. */
  const transmit = async (request: OutgoingRequest, until: number | undefined, timeout: number) => {
    if (halted() !== undefined) throw notSent(request, halted()!);
    const release = await coordinator.permit(until);
    if (!release) throw notSent(request, "the run's time was up");
    try {
      // The permit may have come after the halt.
      if (halted() !== undefined) throw notSent(request, halted()!);
      sent++;
      return await trackOnTheWire(sendOnce(router, request, { timeout, until }));
    } finally {
      release();
    }
  };

  // Any answer proves the target alive; the probe is bounded like the request it follows. A probe
  // the run's time cut short proves nothing, so it counts as alive (the run ends anyway).
  const probe = async (until: number | undefined) => {
    const headers = { ...describedHeaders(settings.auth.scheme, undefined), ...extraHeaders };
    try {
      await transmit({ method: 'GET', url: url(PROBE_PATH), headers }, until, Math.min(settings.timeout, 5_000));
      return true;
    } catch (error) {
      return error instanceof ConnectionFailure && error.kind === 'cut-short';
    }
  };
  const health = createTargetHealth(probe);
  const attempt = async (request: OutgoingRequest, until: number | undefined) => {
    const refused = health.refuse();
    if (refused) throw refused;
    try {
      const answer = await transmit(request, until, settings.timeout);
      await health.observe({ ok: true }, sent);
      return answer;
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      throw (await health.observe({ ok: false, failure: error }, sent, until)) ?? error;
    }
  };

  const send: ConnectionSession['send'] = async (target, limits = {}) => {
    const headers = target.asIs ? { ...extraHeaders } : { ...describedHeaders(settings.auth.scheme, await token()), ...extraHeaders };
    for (const [name, value] of Object.entries(target.headers ?? {})) headers[name.toLowerCase()] = value;
    const body = typeof target.body === 'string' ? Buffer.from(target.body, 'utf8') : target.body;
    let request: OutgoingRequest = { method: target.method, url: url(target.path), headers, body };
    const found = carriedToken(request);
    let carried: string | undefined;
    if (found !== undefined) {
      carried = await token();
      if (carried !== undefined && carried !== found.token) request = withToken(request, found.token, carried);
    }
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
    const final = request;
    return retryThrottled(final, answer, () => attempt(final, limits.until), {
      retries: settings.retryThrottled,
      until: limits.until,
      rate: settings.rate,
      onThrottled: () => throttled++,
    });
  };

  return {
    settings,
    token,
    url,
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
