import type { Duplex } from 'node:stream';
import { errorResponse, HEADERS_TOO_LARGE, reasonPhrase, REQUEST_TIMEOUT, requestNotValid } from '../core/index.js';

/** The status node:http's client errors get: 408 for a slow client, 431 for huge headers, else 400. */
export function clientErrorStatus(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'ERR_HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE') return 431;
  return 400;
}

/**
 * The `clientError` listener: a request that never became one — headers or body too slow
 * (`headersTimeout`, `requestTimeout`; x-decisions slow-clients), headers too large, bytes that
 * are not HTTP — gets the error envelope with its status instead of node's bare text answer, and
 * the connection is closed. Nothing is written once a response has started.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex & { bytesWritten?: number }): void {
  if (error.code === 'ECONNRESET' || !socket.writable || (socket.bytesWritten ?? 0) > 0) {
    socket.destroy();
    return;
  }
  const status = clientErrorStatus(error.code);
  const message = status === 408 ? REQUEST_TIMEOUT : status === 431 ? HEADERS_TOO_LARGE : requestNotValid('the HTTP request is malformed');
  const body = JSON.stringify(errorResponse(status, message).body);
  const head = [
    `HTTP/1.1 ${status} ${reasonPhrase(status)}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  // Lingering close: read and drop what the client still sends, so the close is not a reset that
  // can throw away the answer before a busy client has read it.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined).resume();
  setTimeout(() => socket.destroy(), 2000).unref();
}
