import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ALLOWANCES, NOT_ASKED } from './faithful-answers.js';
import { OPEN_POINT_AUDIT, OUTSIDE_AUDIT } from './open-points-audit.js';
import type { AuditRow } from './open-points-audit.js';
import { OPEN_POINTS_END, OPEN_POINTS_START, renderOpenPointsDoc, renderOpenPointsTable } from './render-open-points.js';

const row = (points: AuditRow['points'], note?: string): AuditRow => ({
  comparison: 'c',
  words: 'w',
  faithful: 'f',
  points,
  switches: 's',
  ...(note ? { note } : {}),
});

test('renderOpenPointsTable: the points cell of each kind, the note after it', () => {
  const cases: Array<[AuditRow, string]> = [
    [row({ kind: 'fixed' }), '| c | w | f | fixed | s |'],
    [row({ kind: 'fixed' }, ' (the model)'), '| c | w | f | fixed (the model) | s |'],
    [row({ kind: 'allowance', ids: ['record-order', 'entry-order'] }), '| c | w | f | `record-order`, `entry-order` | s |'],
    [row({ kind: 'allowance', ids: ['where-on-list', 'where-on-non-string'], combined: true }), '| c | w | f | `where-on-list` + `where-on-non-string` | s |'],
    [row({ kind: 'not-asked', ids: ['dotted-select'] }, '; never sent'), '| c | w | f | not asked: `dotted-select`; never sent | s |'],
  ];
  for (const [input, line] of cases) assert.equal(renderOpenPointsTable([input])[2], line);
});

test('renderOpenPointsDoc: rewrites only what lies between the markers; refuses a document without them', () => {
  const doc = `intro\n${OPEN_POINTS_START}\nstale\n${OPEN_POINTS_END}\nafter\n`;
  const lines = renderOpenPointsDoc(doc, [row({ kind: 'fixed' })]).split('\n');
  assert.deepEqual([lines[0], lines[1], lines[4], lines[5], lines[6]], ['intro', OPEN_POINTS_START, '| c | w | f | fixed | s |', OPEN_POINTS_END, 'after']);
  assert.throws(() => renderOpenPointsDoc('no markers'), /markers/);
});

test('every allowance and not-asked point is named by a row or stands outside the audit, never both', () => {
  const named = new Set<string>(OPEN_POINT_AUDIT.flatMap((r) => ('ids' in r.points ? [...r.points.ids] : [])));
  for (const id of [...Object.keys(ALLOWANCES), ...Object.keys(NOT_ASKED)]) {
    assert.equal(named.has(id) !== Object.hasOwn(OUTSIDE_AUDIT, id), true, id);
  }
});

test('docs/open-points.md holds the table its rows render (npm run check:generated says the same)', () => {
  const doc = readFileSync(new URL('../../docs/open-points.md', import.meta.url), 'utf8');
  assert.equal(renderOpenPointsDoc(doc), doc);
});
