/** The bytes of a body, or `too-large` when it is over the limit (the rest is then not read). */
export type LimitedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

/** Joins chunks, or stops at the first chunk that takes the total over `limit`. */
export async function collectWithin(chunks: AsyncIterable<unknown>, limit: number, stop: () => void): Promise<LimitedBody> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.length;
    if (size > limit) {
      stop();
      return { ok: false, reason: 'too-large' };
    }
    parts.push(bytes);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { ok: true, bytes };
}

/**
 * Reads a fetch request's body up to `limit` bytes, as the node:http adapter does (x-decisions
 * body-limit): a declared Content-Length over the limit is refused before reading anything, and a
 * body that grows past it is cancelled at that chunk, so an oversized body is never held in
 * memory. Browser-safe (web streams only).
 */
export async function readLimitedBody(request: Request, limit: number): Promise<LimitedBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reason: 'too-large' };
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
  };
  return collectWithin(chunks, limit, () => void reader.cancel().catch(() => undefined));
}
