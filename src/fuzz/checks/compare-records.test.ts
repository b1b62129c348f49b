import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareRecordLists } from './compare-records.js';

const cases: Array<[string, { model: unknown[]; target: unknown[]; select?: string[]; want: string | undefined }]> = [
  ['the same records in another order', { model: [{ id: 'a' }, { id: 'b', x: 1 }], target: [{ id: 'b', x: 1 }, { id: 'a' }], want: undefined }],
  ['select may add id', { model: [{ name: 'n' }], target: [{ id: 'a', name: 'n' }], select: ['name'], want: undefined }],
  ['a field the target dropped', { model: [{ id: 'a', kind: 'x' }], target: [{ id: 'a' }], want: 'missing-field' }],
  ['a field the target added', { model: [{ id: 'a' }], target: [{ id: 'a', extra: 1 }], want: 'extra-field' }],
  ['a changed nested value', { model: [{ id: 'a', n: { v: 1 } }], target: [{ id: 'a', n: { v: 2 } }], want: 'changed-field' }],
  ['a record too many', { model: [], target: [{ id: 'a' }], want: 'extra-record' }],
  ['a record too few', { model: [{ id: 'a' }], target: [], want: 'missing-record' }],
  ['id added without a select is a difference', { model: [{ name: 'n' }], target: [{ id: 'a', name: 'n' }], want: 'extra-field' }],
  [
    'a resource path as a string or a list',
    {
      model: [{ id: 'a', resources: [{ id: 'r', config: { path: ['/x'] } }] }],
      target: [{ id: 'a', resources: [{ id: 'r', config: { path: '/x' } }] }],
      want: undefined,
    },
  ],
  [
    'select-absent-field: a selected field the record lacks given as null',
    { model: [{ name: 'n' }], target: [{ name: 'n', description: null }], select: ['name', 'description'], want: undefined },
  ],
  [
    'select-absent-field: null only for a selected field',
    { model: [{ name: 'n' }], target: [{ name: 'n', description: null }], select: ['name'], want: 'extra-field' },
  ],
  [
    'select-absent-field: null is not a value the record has',
    { model: [{ name: 'n', description: 'd' }], target: [{ name: 'n', description: null }], select: ['name', 'description'], want: 'missing-field' },
  ],
  [
    'selected records without id, a field too many',
    { model: [{ name: 'n' }], target: [{ name: 'n', description: 'd' }], select: ['name'], want: 'extra-field' },
  ],
];

describe('compareRecordLists', () => {
  for (const [name, { model, target, select, want }] of cases) {
    it(name, () => assert.equal(compareRecordLists(model, target, { select })?.kind, want));
  }
  it('names the record and the field', () => {
    assert.match(
      compareRecordLists([{ id: 'a', kind: 'x' }], [{ id: 'a' }], { select: undefined })!.message,
      /^record a \/kind: the model has "x", the target has no such field$/,
    );
  });
});
