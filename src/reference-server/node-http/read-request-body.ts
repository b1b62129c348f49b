import type { IncomingMessage } from 'node:http';
import { decodeBody } from '../core/index.js';

export { DEFAULT_BODY_LIMIT } from '../core/index.js';

/**
 * The body as text, or why there is none to hand to the core. `notUtf8` marks bytes that are not
 * valid UTF-8; `text` is then a lossy decoding (invalid sequences as U+FFFD) the core will refuse.
 */
export type RequestBodyResult = { ok: true; text: string; notUtf8: boolean } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a body that grows past the limit is refused at that chunk and the
 * rest is never stored (x-decisions body-limit). Bytes are decoded as UTF-8; invalid bytes are
 * flagged (see {@link decodeBody}) so the core answers 400 (x-decisions malformed-json).
 */
export function readRequestBody(request: IncomingMessage, limit: number): Promise<RequestBodyResult> {
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
      if (size > limit) return finish({ ok: false, reason: 'too-large' });
      chunks.push(chunk);
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
