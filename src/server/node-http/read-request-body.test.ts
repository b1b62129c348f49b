import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeBody } from '../core/parse-json-body.js';

const cases: Array<[string, { bytes: number[]; want: { text: string; notUtf8: boolean } }]> = [
  ['ASCII JSON', { bytes: [...Buffer.from('{"id":"a"}')], want: { text: '{"id":"a"}', notUtf8: false } }],
  ['multi-byte UTF-8', { bytes: [...Buffer.from('{"n":"Zürich €"}')], want: { text: '{"n":"Zürich €"}', notUtf8: false } }],
  ['U+FFFD sent as valid UTF-8', { bytes: [0xef, 0xbf, 0xbd], want: { text: '\ufffd', notUtf8: false } }],
  ['a lone 0xff', { bytes: [0x22, 0xff, 0x22], want: { text: '"\ufffd"', notUtf8: true } }],
  ['a truncated sequence', { bytes: [0x22, 0xc3, 0x22], want: { text: '"\ufffd"', notUtf8: true } }],
  ['an overlong encoding', { bytes: [0xc0, 0xaf], want: { text: '\ufffd\ufffd', notUtf8: true } }],
  ['an encoded surrogate', { bytes: [0xed, 0xa0, 0x80], want: { text: '\ufffd\ufffd\ufffd', notUtf8: true } }],
];

for (const [name, { bytes, want }] of cases) {
  test(`decodeBody: ${name}`, () => {
    assert.deepEqual(decodeBody(Uint8Array.from(bytes)), want);
  });
}

test('decodeBody: a failed decode leaves no state behind for the next body', () => {
  assert.equal(decodeBody(Uint8Array.from([0xe2, 0x82])).notUtf8, true);
  assert.deepEqual(decodeBody(Uint8Array.from([0xac])), { text: '\ufffd', notUtf8: true });
  assert.deepEqual(decodeBody(Buffer.from('ok')), { text: 'ok', notUtf8: false });
});

test('readRequestBody: no body without Content-Length and Transfer-Encoding or with length 0; chunked and sized bodies are read', async () => {
  const { createServer, request } = await import('node:http');
  const { readRequestBody } = await import('./read-request-body.js');
  const server = createServer((req, res) => {
    void readRequestBody(req, 1024).then((result) => res.end(JSON.stringify(result)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  const send = (headers: Record<string, string>, chunks: string[], method = 'POST') =>
    new Promise<unknown>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path: '/', headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  try {
    const empty = { ok: true, text: '', notUtf8: false };
    assert.deepEqual(await send({}, [], 'GET'), empty); // node sends neither header for a GET without body
    assert.deepEqual(await send({ 'content-length': '0' }, []), empty);
    assert.deepEqual(await send({ 'transfer-encoding': 'chunked' }, ['{"id":', '"a"}']), { ok: true, text: '{"id":"a"}', notUtf8: false });
    assert.deepEqual(await send({ 'content-length': '10' }, ['{"id":"a"}']), { ok: true, text: '{"id":"a"}', notUtf8: false });
    assert.deepEqual(await send({ 'transfer-encoding': 'chunked' }, ['x'.repeat(2000)]), { ok: false, reason: 'too-large' });
  } finally {
    server.close();
  }
});
