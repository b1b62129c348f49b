import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocument } from './openapi-document.js';
import { createSpecValidator } from './spec-validator.js';
import { componentSchema } from './schema-node.js';
import { plainObject } from './plain-value.js';

const doc = loadOpenApiDocument();
const spec = createSpecValidator(doc);
const INPUTS = ['EventInput', 'NetworkLinkTypeInput', 'AgentInput'] as const;

test('plainObject of a create schema: its required fields but the id, a valid record once an id is added', () => {
  const records = INPUTS.map((schema) => plainObject(doc, componentSchema(doc, schema), undefined, true));
  assert.deepEqual(records, [{}, { name: 'bulk' }, {}]);
  for (const [i, schema] of INPUTS.entries()) assert.deepEqual(spec.validateSchema(schema, { id: 'x', ...records[i] }), [], schema);
});

test('plainObject with every field: each declared field but hidden names, valid; a value of several forms takes the form asked for', () => {
  const agent = componentSchema(doc, 'AgentInput');
  for (const form of [0, 1]) {
    const record = plainObject(doc, agent, { every: true, form }, true);
    assert.ok(Array.isArray(record['resources']) && record['resources'].length === 1, 'one entry in each list');
    assert.deepEqual(spec.validateSchema('AgentInput', { id: 'x', ...record }), [], `form ${form}`);
  }
  const paths = [0, 1].map((form) => JSON.stringify(plainObject(doc, agent, { every: true, form }, true)));
  assert.notEqual(paths[0], paths[1], 'the two forms of a field of several differ');
});
