import { ConnectionFailure } from '../../connection/connection-failure.js';
import type { ConnectionSettings } from '../../connection/connection-settings.js';
import { openConnection, type ConnectionSession, type TargetStop } from '../../connection/open-connection.js';
import type { RawAnswer } from '../../connection/send-once.js';
import type { WireRequest } from '../generate/wire-request.js';

/** An answer as the wire delivered it (status and headers as the connection gives them), its body read as text and JSON. */
export interface WireAnswer extends Pick<RawAnswer, 'status' | 'headers'> {
  text: string;
  /** The parsed body; undefined when empty or not JSON (see `notJson`). */
  json: unknown;
  notJson: boolean;
}

/**
 * An answer, or why none came: a dropped connection or a time-out is a failure of the target; a request `cutShort` was not answered before its phase of the
 * run ended, which says nothing about the target — nor does one a gateway `throttled` (429, or 503 with Retry-After), which is cut short too and stops the
 * run — nor does one sent after the target `stopped` answering altogether (open-connection.ts: several requests in a row and a probe read got no answer), which
 * ends the run.
 */
export type SendResult = { ok: true; answer: WireAnswer } | { ok: false; error: string; cutShort?: true; throttled?: true; targetStopped?: true };

/** Sends wire requests to one target through the run's connection. */
export interface WireSender {
  /** The connection the requests go through (its token is the run's). */
  readonly session: ConnectionSession;
  /** Sends one request; it is aborted at `until` (epoch ms; default: the sender's), and not sent at all after it. */
  send(request: WireRequest, until?: number): Promise<SendResult>;
  /** Requests sent so far. */
  readonly count: number;
  /** Answers that said the run was throttled. */
  readonly throttled: number;
  /** Set once the target stopped answering: every later request is cut short at once. */
  readonly stopped: TargetStop | undefined;
  /**
   * Ends the fuzzing phase now (an interrupted run): a request sent without its own `until` is cut short from here on; one given an end (the clean-up's) is
   * still sent.
   */
  endFuzzing(): void;
  close(): void;
}

/** How long requests may take (each request's own time-out is the connection's). */
export interface SenderLimits {
  /** No request runs past this (epoch ms) unless `send` is given another end. */
  until: number;
}

function parse(text: string): { json: unknown; notJson: boolean } {
  if (text.trim() === '') return { json: undefined, notJson: false };
  try {
    return { json: JSON.parse(text) as unknown, notJson: false };
  } catch {
    return { json: undefined, notJson: true };
  }
}

/**
 * A sender over the run's connection (src/connection: node:http(s), which unlike fetch sends a
 * GET body and reads a 205 body; headers, TLS, proxy, connection cap, rate, time-out and token
 * renewal). Given the connection settings instead, it opens a connection of its own and closes it
 * with the sender. No request outlives the connection's time-out or its `until`, even against a
 * target that trickles its answer. Requests go as built (`asIs`): their headers are the fuzzer's.
 */
export function createWireSender(target: ConnectionSettings | ConnectionSession, limits: SenderLimits): WireSender {
  const owned = !('send' in target);
  const session = 'send' in target ? target : openConnection(target);
  const sentBefore = session.sent;
  let throttled = 0;
  let fuzzingEnded = false;
  const send = async (request: WireRequest, givenUntil?: number): Promise<SendResult> => {
    if (givenUntil === undefined && fuzzingEnded) return CUT_SHORT;
    const until = givenUntil ?? limits.until;
    if (until - Date.now() <= 0) return CUT_SHORT;
    if (session.stopped) return stoppedResult(session.stopped);
    try {
      const answer = await session.send(
        { method: request.method, path: request.path, headers: { accept: 'application/json', ...request.headers }, body: request.body, asIs: true },
        { until },
      );
      const text = answer.body.toString('utf8');
      return { ok: true, answer: { status: answer.status, headers: answer.headers, text, ...parse(text) } };
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
    endFuzzing: () => {
      fuzzingEnded = true;
    },
    close: () => {
      if (owned) session.close();
    },
  };
}

const stoppedResult = (stop: TargetStop): SendResult => ({ ok: false, error: stop.line, cutShort: true, targetStopped: true });

const CUT_SHORT: SendResult = { ok: false, error: 'not answered before the time budget ran out', cutShort: true };
