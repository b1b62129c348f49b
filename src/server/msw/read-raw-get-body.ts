import { collectWithin, type LimitedBody } from '../core/index.js';

/**
 * Node-only workaround (checked with msw 2.15 and @mswjs/interceptors 0.41): a fetch `Request` cannot carry a GET body, so an msw
 * handler sees none although axios' Node adapter sent one. @mswjs/interceptors keeps the raw
 * body stream on the request under an internal symbol; read it when it is there. Browsers
 * (setupWorker) have no such stream and no GET body at all: the result is then `undefined`,
 * which the core reads as "no query" (§4.1 rule 2: every record).
 *
 * msw 3 (@mswjs/interceptors 0.45) drops a GET body while it parses the request and keeps no
 * stream of it: there this finds nothing too, in Node as in the browser.
 *
 * No Node module is imported: the stream is consumed as an async iterable, so this file loads
 * in a browser bundle and simply finds nothing there.
 */
export async function readRawGetBody(request: Request): Promise<string | undefined> {
  const body = await readRawGetBodyWithin(request, Number.POSITIVE_INFINITY);
  return body?.ok ? new TextDecoder().decode(body.bytes) : undefined;
}

/**
 * The raw GET body as bytes, read up to `limit` (x-decisions body-limit: `too-large` past it, the
 * rest unread); `undefined` when there is no raw stream or it fails.
 */
export async function readRawGetBodyWithin(request: Request, limit: number): Promise<LimitedBody | undefined> {
  const symbol = Object.getOwnPropertySymbols(request).find((s) => s.description === 'kRawRequestBodyStream');
  if (symbol === undefined) return undefined;
  const stream: unknown = Reflect.get(request, symbol);
  if (!isAsyncIterable(stream)) return undefined;
  try {
    return await collectWithin(stream, limit, () => (stream as { destroy?: () => void }).destroy?.());
  } catch {
    return undefined; // an internal that changed shape must not break the mock: fall back to "no body"
  }
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
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
