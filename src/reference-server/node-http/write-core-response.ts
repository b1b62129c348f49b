import type { ServerResponse } from 'node:http';
import type { CoreResponse } from '../core/index.js';

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
