import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toMswResponse } from './to-msw-response.js';

const envelope = [{ status: 'Reset Content', code: 200, error: false, message: 'Record with id=e1 deleted' }];

describe('toMswResponse: null-body statuses', () => {
  const rows: Array<[string, { status: number; body?: unknown }, { body: string | null; contentLength?: string }]> = [
    [
      '205 drops the delete envelope and says Content-Length: 0 (msw 3 + axios hang without it)',
      { status: 205, body: envelope },
      { body: null, contentLength: '0' },
    ],
    ['304 drops the not-modified envelope', { status: 304, body: envelope }, { body: null }],
    ['204 has no body', { status: 204 }, { body: null }],
    ['200 keeps its JSON body', { status: 200, body: [{ id: 'p2p' }] }, { body: '[{"id":"p2p"}]' }],
    ['406 keeps its envelope', { status: 406, body: [{ code: 406 }] }, { body: '[{"code":406}]' }],
    ['a status without a core body sends none', { status: 404 }, { body: null }],
  ];
  for (const [name, given, want] of rows) {
    it(name, async () => {
      const response = toMswResponse({
        status: given.status,
        headers: { 'content-type': 'application/json', 'content-length': '75' },
        ...('body' in given ? { body: given.body } : {}),
      });
      assert.equal(response.status, given.status);
      if (want.body === null) {
        assert.equal(response.body, null);
        assert.equal(response.headers.get('content-length'), want.contentLength ?? null, 'no Content-Length of the dropped body');
      } else {
        assert.equal(await response.text(), want.body);
        assert.equal(response.headers.get('content-type'), 'application/json');
      }
    });
  }
});
