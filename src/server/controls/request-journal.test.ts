import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CoreRequest } from '../core/core-types.js';
import { errorResponse, jsonResponse } from '../core/envelope.js';
import { MAX_JOURNAL_ITEMS, MAX_JOURNAL_TEXT, maskAuthorization } from './request-journal.js';
import { createRequestJournal } from './request-journal.js';

const at = { time: new Date('2026-01-02T03:04:05.000Z'), ms: 100 };
const get = (path: string, extra: Partial<CoreRequest> = {}): CoreRequest => ({ method: 'GET', path, headers: {}, ...extra });
const ok = jsonResponse(200, [{ id: 'e1' }, { id: 'e2' }]);

test('entries come back oldest first with what was asked and answered', () => {
  const journal = createRequestJournal(10, () => 112.34);
  journal.record(get('/event', { query: 'q=%7B%7D' }), { response: ok }, at);
  journal.record(
    { method: 'post', path: '/event', headers: { 'content-type': 'application/json' }, body: '{"id":"e1"}' },
    { response: errorResponse(406, 'Id already found') },
    at,
  );
  const listed = journal.list();
  assert.ok(listed.ok);
  assert.deepEqual(listed.entries, [
    {
      seq: 1,
      time: '2026-01-02T03:04:05.000Z',
      method: 'GET',
      path: '/event',
      query: 'q=%7B%7D',
      headers: {},
      status: 200,
      items: 2,
      records: true,
      durationMs: 12.3,
    },
    {
      seq: 2,
      time: '2026-01-02T03:04:05.000Z',
      method: 'POST',
      path: '/event',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"e1"}',
      status: 406,
      envelope: [{ status: 'Not Acceptable', code: 406, error: true, message: 'Id already found' }],
      items: 1,
      durationMs: 12.3,
    },
  ]);
});

test('a bounded ring: past its size the oldest entries go, seq keeps counting', () => {
  const journal = createRequestJournal(3);
  for (let i = 1; i <= 7; i++) journal.record(get(`/event/e${i}`), { response: ok }, at);
  const listed = journal.list();
  assert.ok(listed.ok);
  assert.deepEqual(
    listed.entries.map((e) => [e.seq, e.path]),
    [
      [5, '/event/e5'],
      [6, '/event/e6'],
      [7, '/event/e7'],
    ],
  );
  assert.equal(journal.size, 3);
  journal.clear();
  assert.equal(journal.size, 0);
  journal.record(get('/event'), { response: ok }, at);
  const after = journal.list();
  assert.deepEqual(after.ok && after.entries.map((e) => [e.seq, e.path]), [[8, '/event']], 'seq is not reused after a clear');
  const none = createRequestJournal(0);
  none.record(get('/event'), { response: ok }, at);
  assert.deepEqual(none.list(), { ok: true, entries: [] }, 'size 0 keeps nothing');
});

test('the token is never stored in clear; bodies, queries and envelopes are capped', () => {
  const journal = createRequestJournal(5);
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
  const body = 'x'.repeat(MAX_JOURNAL_TEXT + 10);
  const many = jsonResponse(
    201,
    Array.from({ length: 50 }, (_, i) => ({ status: 'Created', code: 201, error: false, message: `m${i}` })),
  );
  journal.record({ method: 'POST', path: '/event', headers: { authorization: `Bearer ${token}` }, body }, { response: many }, at);
  const listed = journal.list();
  assert.ok(listed.ok);
  const entry = listed.entries[0] as unknown as Record<string, unknown>;
  assert.equal(JSON.stringify(entry).includes(token), false, 'the token appears nowhere');
  assert.deepEqual(entry['headers'], { authorization: `Bearer ***** (${token.length} characters)` });
  assert.equal((entry['body'] as string).length, MAX_JOURNAL_TEXT);
  assert.equal(entry['truncated'], true);
  assert.equal((entry['envelope'] as unknown[]).length, MAX_JOURNAL_ITEMS);
  assert.equal(entry['items'], 50);
  assert.equal(maskAuthorization('secret'), '***** (6 characters)');
});

test('filters: method, exact path, pattern, status or class, since, limit', () => {
  const journal = createRequestJournal(20);
  journal.record(get('/event'), { response: ok }, at);
  journal.record({ method: 'DELETE', path: '/event/e1', headers: {} }, { response: jsonResponse(205, []) }, at);
  journal.record({ method: 'DELETE', path: '/catalog/agent/a1', headers: {} }, { response: errorResponse(404, 'x') }, at);
  journal.record({ method: 'POST', path: '/event', headers: {} }, { response: { ...errorResponse(502, 'x'), fault: { kind: 'drop' } } }, at);
  journal.record(get('/event/e1'), { timeout: true, injectedBy: 'rule f1' }, at);
  const seqs = (filter: Record<string, unknown>) => {
    const listed = journal.list(filter);
    return listed.ok ? listed.entries.map((e) => e.seq) : listed.error;
  };
  assert.deepEqual(seqs({ method: 'delete' }), [2, 3]);
  assert.deepEqual(seqs({ path: '/event' }), [1, 4]);
  assert.deepEqual(seqs({ pathPattern: '^/event/' }), [2, 5]);
  assert.deepEqual(seqs({ status: '205' }), [2]);
  assert.deepEqual(seqs({ status: '4xx' }), [3]);
  assert.deepEqual(seqs({ status: 'drop' }), [4]);
  assert.deepEqual(seqs({ status: 'timeout' }), [5]);
  assert.deepEqual(seqs({ since: '3' }), [4, 5]);
  assert.deepEqual(seqs({ limit: 2 }), [4, 5]);
  assert.deepEqual(seqs({ method: 'DELETE', pathPattern: 'agent' }), [3]);
});

test('a bad filter is the reason, never a throw', () => {
  const journal = createRequestJournal(2);
  const refused: Array<[Record<string, unknown>, RegExp]> = [
    [{ pathPattern: '(' }, /pathPattern "\(" is not a regular expression/],
    [{ status: 'teapot' }, /status must be a status \(404\), a class \(4xx\), drop or timeout/],
    [{ limit: '-1' }, /limit must be a whole number ≥ 0/],
    [{ since: 'yesterday' }, /since must be a whole number/],
    [{ path: 'event' }, /path must be a path starting with \//],
    [{ path: '/event', pathPattern: 'x' }, /not both/],
    [{ metod: 'GET' }, /unknown filter "metod"/],
  ];
  for (const [filter, reason] of refused) {
    const listed = journal.list(filter);
    assert.ok(!listed.ok, JSON.stringify(filter));
    assert.match(listed.error, reason);
  }
});
