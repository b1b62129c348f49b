import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocument } from '../../server/core/index.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { minimalRecord } from './minimal-record.js';

test('minimalRecord: the required fields of each index but the id, and a valid record with an id', () => {
  const doc = loadOpenApiDocument();
  const spec = createSpecValidator(doc);
  assert.deepEqual(minimalRecord(doc, 'event'), {});
  assert.deepEqual(minimalRecord(doc, 'network-link-type'), { name: 'bulk' });
  assert.deepEqual(minimalRecord(doc, 'agent'), {});
  for (const [index, schema] of [
    ['event', 'EventInput'],
    ['network-link-type', 'NetworkLinkTypeInput'],
    ['agent', 'AgentInput'],
  ] as const) {
    assert.deepEqual(spec.validateSchema(schema, { id: 'x', ...minimalRecord(doc, index) }), [], index);
  }
});
