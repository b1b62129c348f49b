// Test helper (not a test): a reverse proxy that answers every request about `delayMs` later
// than its upstream did, to stand for a slow deployment (the suite against a service
// whose answers take 25 ms), or one that stops answering mid-run (`answerAtMost`). Bodies pass
// through byte for byte, GET and 205 bodies included. It may answer some requests itself
// (`intercept`), as a gateway that throttles or drops a call.
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Options of {@link startDelayingProxy}. */
export interface DelayingProxyOptions {
  /** Base URL of the upstream, e.g. `http://127.0.0.1:43121`. */
  upstream: string;
  delayMs: number;
  /** How the delay is waited for (tests observe it); default a timer. */
  wait?: (ms: number) => Promise<unknown>;
  /** Requests after this many are held open and never answered (a target that hangs); default: all answered. */
  answerAtMost?: number;
  /** Changes a request body before it goes upstream (to stand for a target that treats it otherwise); default: as sent. */
  rewriteBody?: (method: string, path: string, body: Buffer) => Buffer;
  /**
   * Lets the proxy answer a request itself, as a gateway in front of the service would: a status
   * and headers (a 429 with Retry-After) sent without going upstream, or `'hang'` for no answer.
   * `n` counts the requests received, from 1. Default: every request goes upstream.
   */
  intercept?: (request: { n: number; method: string; path: string }) => { status: number; headers?: Record<string, string> } | 'hang' | undefined;
}

/** A listening proxy. */
export interface DelayingProxy {
  url: string;
  /** Requests answered so far. */
  readonly answered: number;
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 section 7.6.1) belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Starts the proxy on a free loopback port. */
export async function startDelayingProxy(options: DelayingProxyOptions): Promise<DelayingProxy> {
  const upstream = new URL(options.upstream);
  const agent = new Agent({ keepAlive: true });
  const wait = options.wait ?? sleep;
  let answered = 0;
  let received = 0;
  const server = createServer((req, res) => {
    if (++received > (options.answerAtMost ?? Number.POSITIVE_INFINITY)) return;
    const own = options.intercept?.({ n: received, method: req.method ?? '', path: req.url ?? '' });
    if (own === 'hang') return;
    if (own !== undefined) {
      req.resume();
      res.writeHead(own.status, { 'content-type': 'text/plain', ...own.headers }).end(`gateway: ${own.status}`);
      return;
    }
    void (async () => {
      const sent = await readAll(req);
      const body = options.rewriteBody ? options.rewriteBody(req.method ?? '', req.url ?? '', sent) : sent;
      const headers = { ...endToEnd(req.headers), ...(body.length > 0 ? { 'content-length': String(body.length) } : {}) };
      const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const out = request({ agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (up) => {
          readAll(up).then((b) => resolve({ status: up.statusCode ?? 502, headers: up.headers, body: b }), reject);
        });
        out.on('error', reject);
        out.end(body);
      });
      await wait(options.delayMs);
      res.writeHead(answer.status, { ...endToEnd(answer.headers), 'content-length': String(answer.body.length) });
      res.end(answer.body);
      answered += 1;
    })().catch((error: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`delaying proxy: ${error.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get answered() {
      return answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
