import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createReferenceCore, type CoreRequest } from '../../server/core/index.js';
import { whereReadingAlternatives } from './where-readings.js';

const records = [
  { id: 'a', tags: ['x', 'y'], n: 5, flag: true },
  { id: 'b', tags: 'x', n: '5', flag: 'true' },
  { id: 'c', tags: [['x']], n: [5], flag: [true] },
];
const read = (where: unknown, extra: Record<string, unknown> = {}): CoreRequest => ({
  method: 'GET',
  path: '/event',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...extra, where }),
});
const idsOf = (request: CoreRequest) => JSON.stringify(JSON.parse(request.body!).where);

describe('whereReadingAlternatives (faithful-answers where-on-list, where-on-non-string)', () => {
  it('a list field: the any-element reading matches the record whose list holds expr', () => {
    const alternatives = whereReadingAlternatives(read({ equals: { target: 'tags', expr: 'x' } }), records, 'none');
    assert.deepEqual(
      alternatives.map((a) => idsOf(a.request)),
      [JSON.stringify({ or: [{ equals: { target: 'id', expr: 'a' } }, { equals: { target: 'id', expr: 'b' } }] })],
    );
    assert.match(alternatives[0]!.why, /lists matching any element/);
  });

  it('a number: by value ("5.0" and 5), never (only the string "5" then), any element of a list', () => {
    const byValue = whereReadingAlternatives(read({ equals: { target: 'n', expr: '5.0' } }), records, 'none').map((a) => idsOf(a.request));
    assert.ok(byValue.includes(JSON.stringify({ equals: { target: 'id', expr: 'a' } })), byValue.join(' '));
    const never = whereReadingAlternatives(read({ equals: { target: 'n', expr: '5' } }), records, 'none').map((a) => idsOf(a.request));
    assert.ok(never.includes(JSON.stringify({ equals: { target: 'id', expr: 'b' } })), never.join(' '));
  });

  it('no alternative when every reading matches the same records, or the where is not one plain equals', () => {
    assert.deepEqual(whereReadingAlternatives(read({ equals: { target: 'id', expr: 'a' } }), records, 'none'), []);
    assert.deepEqual(whereReadingAlternatives(read({ equals: { target: 'tags', expr: 'x' }, and: [] }), records, 'none'), []);
    assert.deepEqual(whereReadingAlternatives(read({ equals: { target: 'tags', expr: 7 } }), records, 'none'), []);
    assert.deepEqual(whereReadingAlternatives({ ...read({}), method: 'PUT' }, records, 'none'), []);
  });

  it('the rewritten query keeps select, and the model answers it with the records of that reading', async () => {
    const core = createReferenceCore({ preload: false, auth: false });
    for (const record of records) core.store.event.put(record);
    const [alternative] = whereReadingAlternatives(read({ equals: { target: 'tags', expr: 'y' } }, { select: ['n'] }), records, 'none');
    const answer = await core.handle(alternative!.request);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, [{ n: 5 }]);
  });
});
