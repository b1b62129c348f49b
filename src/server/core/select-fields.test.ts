import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selectFields } from './select-fields.js';

test('select keeps only the listed fields the record has, in select order (§4.1 rule 8)', () => {
  const record = { id: 'p2p', name: 'Point to Point', description: 'd' };
  assert.deepEqual(selectFields(record, ['name']), { name: 'Point to Point' });
  assert.deepEqual(Object.keys(selectFields(record, ['name', 'id'])), ['name', 'id']);
  assert.deepEqual(selectFields(record, ['type_id']), {});
  assert.deepEqual(selectFields(record, ['toString', 'constructor']), {});
});

test('selected values are copies', () => {
  const record = { id: 'a', config: { cmd: 'x' } };
  const selected = selectFields(record, ['config']);
  (selected['config'] as { cmd: string }).cmd = 'changed';
  assert.equal(record.config.cmd, 'x');
});
