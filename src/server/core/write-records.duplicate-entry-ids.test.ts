import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findDuplicateEntryIds } from './write-records.js';

const LISTS = ['actions', 'parameters', 'resources'];

const cases: Array<[string, { record: Record<string, unknown>; lists?: string[]; want: Record<string, string> | undefined }]> = [
  ['unique ids', { record: { actions: [{ id: 'a' }, { id: 'b' }], parameters: [{ id: 'a' }] }, want: undefined }],
  ['the same id in two different lists is fine', { record: { actions: [{ id: 'x' }], resources: [{ id: 'x' }] }, want: undefined }],
  [
    'two parameters with one id',
    {
      record: {
        parameters: [
          { id: 'p', type: 'string' },
          { id: 'p', type: 'integer' },
        ],
      },
      want: { parameters: 'Repeated values' },
    },
  ],
  ['an action repeated after others', { record: { actions: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] }, want: { actions: 'Repeated values' } }],
  ['two resources', { record: { resources: [{ id: 'r' }, { id: 'r' }] }, want: { resources: 'Repeated values' } }],
  [
    'every list with a repeat is named',
    {
      record: { actions: [{ id: 'a' }, { id: 'a' }], resources: [{ id: 'r' }, { id: 'r' }, { id: 'r' }] },
      want: { actions: 'Repeated values', resources: 'Repeated values' },
    },
  ],
  ['lists not merged by id may repeat', { record: { deployment_source: ['x', 'x'], tags: [{ id: 't' }, { id: 't' }] }, want: undefined }],
  ['entries without an id are left to the schema', { record: { parameters: [{ type: 'string' }, { type: 'string' }] }, want: undefined }],
  ['no lists at all', { record: { id: 'e1' }, lists: [], want: undefined }],
];

for (const [name, { record, lists = LISTS, want }] of cases) {
  test(`findDuplicateEntryIds: ${name}`, () => {
    assert.deepEqual(findDuplicateEntryIds(record, lists), want);
  });
}
