import { ConnectionFailure } from '../../connection/connection-failure.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { openConnection, type ConnectionSession, type TargetStop } from '../../connection/open-connection.js';
import type { RawAnswer } from '../../connection/send-once.js';
import { jsonBodyOf, type WireRequest } from '../generate/wire-request.js';

/** An answer as the wire delivered it, its body read as text and JSON. */
export interface WireAnswer extends Pick<RawAnswer, 'status' | 'headers'> {
  text: string;
  json: unknown;
  notJson: boolean;
}

/**
 * An answer, or why none came. A dropped connection or a time-out is the target's failure; a request `cutShort` by the end of its phase says nothing of the
 * target — nor does one `throttled` (429, or 503 with Retry-After), or sent after the target `stopped` answering (open-connection.ts); both end the run.
 */
export type SendResult = { ok: true; answer: WireAnswer } | { ok: false; error: string; cutShort?: true; throttled?: true; targetStopped?: true };

export interface WireSender {
  readonly session: ConnectionSession;
  /** Sends one request, aborted at `until` (default: the sender's) and not sent at all after it. */
  send(request: WireRequest, until?: number): Promise<SendResult>;
  readonly count: number;
  readonly throttled: number;
  /** Set once the target stopped answering: every later request is cut short at once. */
  readonly stopped: TargetStop | undefined;
  close(): void;
}

/**
 * A sender over the run's connection (src/connection: node:http(s), which unlike fetch sends a GET body and reads a 205 body), or over one of its own opened
 * from the settings and closed with it. Requests go as built (`asIs`): their headers are the fuzzer's.
 */
export function createWireSender(target: ConnectionSettings | ConnectionSession, limits: { until: number; interrupt?: AbortSignal | undefined }): WireSender {
  const owned = !('send' in target);
  const session = 'send' in target ? target : openConnection(target);
  const sentBefore = session.sent;
  let throttled = 0;
  const send = async (request: WireRequest, givenUntil?: number): Promise<SendResult> => {
    // Once the run is interrupted, only a request given an end of its own (the clean-up's) is sent.
    if (givenUntil === undefined && limits.interrupt?.aborted) return CUT_SHORT;
    const until = givenUntil ?? limits.until;
    if (until - Date.now() <= 0) return CUT_SHORT;
    if (session.stopped) return stoppedResult(session.stopped);
    try {
      const answer = await session.send(
        { method: request.method, path: request.path, headers: { accept: 'application/json', ...request.headers }, body: request.body, asIs: true },
        { until },
      );
      const text = answer.body.toString('utf8');
      const json = jsonBodyOf(text);
      return { ok: true, answer: { status: answer.status, headers: answer.headers, text, json, notJson: json === undefined && text.trim() !== '' } };
    } catch (error) {
      if (!(error instanceof ConnectionFailure)) throw error;
      // The request that found the target stopped (its probe unanswered) says nothing of the request itself.
      if (session.stopped) return stoppedResult(session.stopped);
      if (error.kind === 'cut-short') return CUT_SHORT;
      if (error.kind === 'throttled') {
        throttled++;
        return { ok: false, error: error.message, cutShort: true, throttled: true };
      }
      return { ok: false, error: error.message };
    }
  };
  return {
    session,
    send,
    get count() {
      return session.sent - sentBefore;
    },
    get throttled() {
      return throttled;
    },
    get stopped() {
      return session.stopped;
    },
    close: () => {
      if (owned) session.close();
    },
  };
}

const stoppedResult = (stop: TargetStop): SendResult => ({ ok: false, error: stop.line, cutShort: true, targetStopped: true });

const CUT_SHORT: SendResult = { ok: false, error: 'not answered before the time budget ran out', cutShort: true };
