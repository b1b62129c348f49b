import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyTooLarge, errorResponse, SERVER_ERROR, type CoreRequest, type CoreResponse } from '../core/index.js';
import type { CoreHandler } from '../controls/index.js';
import type { DocsAssets } from '../docs-pages/docs-assets.js';
import { readRequestBody } from './read-request-body.js';
import { servingOrigin } from './serving-origin.js';

/** One served request, for the log line (method, path, status, duration). */
export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export interface RequestListenerOptions {
  bodyLimit: number;
  /** Unauthenticated GET routes (spec and docs), matched on the exact path. */
  assets?: DocsAssets;
  /** Called once per request after the response is written. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Called with an unexpected error that became a 500. */
  onError?: (error: unknown) => void;
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  if (!raw.startsWith('/')) {
    try {
      return new URL(raw).pathname; // absolute-form request target
    } catch {
      return raw;
    }
  }
  return raw.split(/[?#]/, 1)[0]!;
}

/** The query string of the request target, without `?` (the `q` of read and delete lives there). */
function queryOf(url: string | undefined): string | undefined {
  const raw = (url ?? '').split('#', 1)[0]!;
  const at = raw.indexOf('?');
  return at === -1 ? undefined : raw.slice(at + 1);
}

function headersOf(req: IncomingMessage): CoreRequest['headers'] {
  // node joins repeated request headers with ", " except set-cookie, the only array: without
  // it, req.headers already has the core's shape and needs no copy.
  if (req.headers['set-cookie'] === undefined) return req.headers as CoreRequest['headers'];
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * The node:http adapter: bytes and sockets in, the core's answer out. It does only what the
 * core cannot see — the body limit (413 without reading the rest), the spec and docs routes, an
 * injected dropped connection — and it is the one place where an unexpected throw becomes a 500 envelope.
 */
export function createRequestListener(core: { handle: CoreHandler }, options: RequestListenerOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const path = pathOf(req.url);
    const { onRequest } = options; // no listener per request when nobody logs (--quiet)
    if (onRequest) res.on('finish', () => onRequest({ method, path, status: res.statusCode, durationMs: performance.now() - started }));
    try {
      const origin = () => servingOrigin({ hostHeader: req.headers.host, localAddress: req.socket.localAddress, localPort: req.socket.localPort });
      const asset = method === 'GET' || method === 'HEAD' ? options.assets?.(path, origin) : undefined;
      if (asset) {
        res.writeHead(200, { 'content-type': asset.contentType, 'content-length': asset.body.length });
        res.end(method === 'HEAD' ? undefined : asset.body);
        return;
      }
      const body = await readRequestBody(req, options.bodyLimit);
      if (!body.ok) {
        if (body.reason === 'aborted') return void res.destroy();
        // Close the connection: the client may still be sending the rest, which is never read into memory.
        writeCoreResponse(res, errorResponse(413, bodyTooLarge(options.bodyLimit)), { connection: 'close' });
        setTimeout(() => req.socket.destroy(), 2000).unref();
        return;
      }
      const response = await core.handle({ method, path, query: queryOf(req.url), headers: headersOf(req), body: body.text, bodyNotUtf8: body.notUtf8 });
      // A dropped connection is cut with nothing written, as a crashed gateway does; a timeout never gets here.
      if (response.fault?.kind === 'drop') return void res.destroy();
      writeCoreResponse(res, response);
    } catch (error) {
      options.onError?.(error);
      if (res.headersSent) res.destroy();
      else writeCoreResponse(res, errorResponse(500, SERVER_ERROR));
    }
  };
}

/**
 * Whether node:http puts a body on the wire for this status: never for 204 and 304 (HTTP
 * forbids it and node drops it), but yes for 205 — the description's delete envelope travels with it
 * (x-decisions delete-envelope, not-modified-body).
 */
export function hasWireBody(status: number): boolean {
  return status !== 204 && status !== 304 && !(status >= 100 && status < 200);
}

/** Writes a core response: its status and headers, and the JSON body when the status carries one. */
export function writeCoreResponse(res: ServerResponse, response: CoreResponse, extraHeaders?: Record<string, string>): void {
  const headers: Record<string, string | number> = { ...response.headers, ...extraHeaders };
  if (response.body === undefined || !hasWireBody(response.status)) {
    res.writeHead(response.status, headers).end();
    return;
  }
  // Serialised once, and written as text: node encodes it straight into the socket write.
  const payload = JSON.stringify(response.body);
  headers['content-length'] = Buffer.byteLength(payload, 'utf8');
  res.writeHead(response.status, headers).end(payload, 'utf8');
}
