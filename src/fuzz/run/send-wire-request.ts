import http from 'node:http';
import https from 'node:https';
import type { WireRequest } from '../generate/wire-request.js';

/** An answer as the wire delivered it. */
export interface WireAnswer {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  text: string;
  /** The parsed body; undefined when empty or not JSON (see `notJson`). */
  json: unknown;
  notJson: boolean;
}

/**
 * An answer, or why none came: a dropped connection or a time-out is a failure of the target; a
 * request `cutShort` was not answered before its phase of the run ended, which says nothing about
 * the target.
 */
export type SendResult = { ok: true; answer: WireAnswer } | { ok: false; error: string; cutShort?: true };

/** Sends wire requests to one base URL over a keep-alive connection pool. */
export interface WireSender {
  /** Sends one request; it is aborted at `until` (epoch ms; default: the sender's), and not sent at all after it. */
  send(request: WireRequest, until?: number): Promise<SendResult>;
  /** Requests sent so far. */
  readonly count: number;
  close(): void;
}

/** How long requests may take. */
export interface SenderLimits {
  /** Per request, from sending to the end of the answer. */
  timeoutMs: number;
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
 * A sender over node:http(s), which (unlike fetch) sends a GET body and reads a 205 body. The
 * base URL's path is kept as a prefix (`https://host/api` + `/event`). No request outlives
 * `timeoutMs` or its `until`, even against a target that trickles its answer.
 */
export function createWireSender(baseUrl: string, limits: SenderLimits): WireSender {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 4 });
  let count = 0;
  const send = (request: WireRequest, until = limits.until): Promise<SendResult> => {
    const left = until - Date.now();
    if (left <= 0) return Promise.resolve(CUT_SHORT);
    count++;
    return new Promise((resolve) => {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      if (request.body !== undefined) headers['content-length'] = String(request.body.length);
      const cutByBudget = left < limits.timeoutMs;
      const timer = setTimeout(() => {
        if (cutByBudget) resolve(CUT_SHORT);
        else resolve({ ok: false, error: `no answer within ${limits.timeoutMs} ms` });
        req.destroy();
      }, Math.min(left, limits.timeoutMs));
      const settle = (result: SendResult) => {
        clearTimeout(timer);
        resolve(result);
      };
      const req = transport.request(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, method: request.method, path: `${prefix}${request.path}`, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => settle({ ok: false, error: `the connection broke while answering (${error.message})` }));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const out: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
            settle({ ok: true, answer: { status: res.statusCode ?? 0, headers: out, text, ...parse(text) } });
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => settle({ ok: false, error: error.code ? `${error.code}: ${error.message}` : error.message }));
      req.end(request.body);
    });
  };
  return {
    send,
    get count() {
      return count;
    },
    close: () => agent.destroy(),
  };
}

const CUT_SHORT: SendResult = { ok: false, error: 'not answered before the time budget ran out', cutShort: true };
