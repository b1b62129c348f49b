import type { IncomingMessage } from 'node:http';
import { decodeBody } from '../core/index.js';

export { DEFAULT_BODY_LIMIT } from '../core/index.js';

/**
 * The body as text, or why there is none to hand to the core. `notUtf8` marks bytes that are not
 * valid UTF-8; `text` is then a lossy decoding (invalid sequences as U+FFFD) the core will refuse.
 */
export type RequestBodyResult = { ok: true; text: string; notUtf8: boolean } | { ok: false; reason: 'too-large' | 'aborted' };

const NO_BODY: Promise<RequestBodyResult> = Promise.resolve(Object.freeze({ ok: true, text: '', notUtf8: false }));

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a body that grows past the limit is refused at that chunk and the
 * rest is never stored (x-decisions body-limit). Bytes are decoded as UTF-8; invalid bytes are
 * flagged (see {@link decodeBody}) so the core answers 400 (x-decisions malformed-json).
 */
export function readRequestBody(request: IncomingMessage, limit: number): Promise<RequestBodyResult> {
  // HTTP/1.1: a request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112
  // section 6.3), and Content-Length: 0 says so. Answered at once: most reads and deletes carry none.
  if (request.headers['transfer-encoding'] === undefined && (request.headers['content-length'] ?? '0') === '0') return NO_BODY;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: RequestBodyResult): void => {
      request.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      chunks.length = 0;
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = (): void => {
      finish({ ok: true, ...decodeBody(Buffer.concat(chunks)) });
    };
    const onError = (): void => finish({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!request.complete) finish({ ok: false, reason: 'aborted' });
    };
    request.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
