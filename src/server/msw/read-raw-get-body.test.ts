import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readRawGetBody } from './read-raw-get-body.js';

/** A Request carrying a raw body stream the way @mswjs/interceptors stores it. */
function withRawStream(stream: unknown): Request {
  const request = new Request('http://x.test/event');
  Object.defineProperty(request, Symbol('kRawRequestBodyStream'), { value: stream });
  return request;
}

async function* chunks(...parts: Array<string | Uint8Array>) {
  yield* parts;
}

describe('readRawGetBody', () => {
  it('a plain fetch Request (a browser) has no raw stream: undefined', async () => {
    assert.equal(await readRawGetBody(new Request('http://x.test/event')), undefined);
  });
  it('joins the raw chunks, bytes and text, split inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('{"select":["é"]}');
    const request = withRawStream(chunks(bytes.slice(0, 13), bytes.slice(13)));
    assert.equal(await readRawGetBody(request), '{"select":["é"]}');
  });
  it('an empty stream is an empty body', async () => {
    assert.equal(await readRawGetBody(withRawStream(chunks())), '');
  });
  it('falls back to undefined when the internal is not a stream or fails', async () => {
    assert.equal(await readRawGetBody(withRawStream({})), undefined);
    async function* failing() {
      yield 'x';
      throw new Error('aborted');
    }
    assert.equal(await readRawGetBody(withRawStream(failing())), undefined);
  });
});
