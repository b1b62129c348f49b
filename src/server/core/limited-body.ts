// x-decisions body-limit, shared by the adapters: a body is read up to the limit and no further.

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
