import type { IncomingMessage } from 'node:http';

/** 1 MiB: the default body limit (x-decisions body-limit; `--body-limit` changes it). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/** The body bytes, or why there are none to hand to the core. */
export type RequestBodyResult = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a body that grows past the limit is refused at that chunk and the
 * rest is never stored (x-decisions body-limit). Bytes are decoded as UTF-8, invalid sequences
 * becoming U+FFFD, so any bytes reach the core as text (and usually fail JSON parsing → 400).
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
      const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
      finish({ ok: true, text });
    };
    const onError = (): void => finish({ ok: false, reason: 'aborted' });
    const onClose = (): void => {
      if (!request.complete) finish({ ok: false, reason: 'aborted' });
    };
    request.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}
