import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeBody } from '../core/decode-body.js';

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
