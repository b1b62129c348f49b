import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocument } from './openapi-document.js';
import { createSpecValidator } from './spec-validator.js';
import { componentSchema } from './schema-node.js';
import { OPEN_SPELLINGS } from '../faithful-answers.js';
import { agentOpenShapes, findOpenShapes, hiddenNamesOf, shapeKey } from './open-shapes.js';

const doc = loadOpenApiDocument();
const agentInput = componentSchema(doc, 'AgentInput');

test('findOpenShapes: an extra field below the top level, a value of one of several forms and an open spelling; none at the top level', () => {
  const body = {
    id: 'a',
    extra: 1,
    resources: [{ id: 'r', config: { path: '/x' } }],
    actions: [{ id: 'e1', config: { cmd: 'c' }, x: 1 }],
    parameters: [{ id: 'p', config: { schema: 'propeties' } }],
  };
  const found = findOpenShapes(doc, createSpecValidator(doc), agentInput, body);
  assert.deepEqual(found.extras, ['actions[0].x']);
  assert.deepEqual(found.forms, ['resources[0].config.path|string']);
  assert.deepEqual(found.spellings, ['parameters[0].config.schema=propeties']);
});

test('agentOpenShapes: every spelling the allowances leave open, an extra field in each entry and config, each form of a field of several', () => {
  const shapes = agentOpenShapes(doc, agentInput);
  const spellings = shapes.filter((s) => s.kind === 'spelling').map((s) => `${s.path}${s.suffix}`);
  assert.deepEqual(
    spellings,
    Object.entries(OPEN_SPELLINGS).flatMap(([field, values]) => values.map((v) => `${field}=${v}`)),
  );
  const extras = shapes.filter((s) => s.kind === 'extra').map((s) => s.path);
  for (const list of ['actions', 'parameters', 'resources']) {
    assert.ok(extras.includes(`${list}.fz_probe_field`), list);
    assert.ok(extras.includes(`${list}.config.fz_probe_field`), list);
  }
  assert.ok(!extras.includes('fz_probe_field'), 'no extra field at the top level: the description allows it there');
  assert.ok(shapes.some((s) => s.kind === 'form' && s.path === 'resources.config.path' && s.suffix === '|array'));
});

test('shapeKey: list positions dropped, an unnamed leaf as *, a hidden name, a form or a spelling kept', () => {
  const hidden = hiddenNamesOf(doc, agentInput);
  assert.equal(shapeKey('actions[1].config.retries', hidden), 'actions.config.*');
  assert.equal(shapeKey('resources[0].config.path|array', hidden), 'resources.config.path|array');
  assert.equal(shapeKey('parameters[0].config.schema=propeties', hidden), 'parameters.config.schema=propeties');
  assert.ok(hidden.size > 0, 'the spec hides at least one name (x-hidden-name)');
  for (const name of hidden) assert.equal(shapeKey(`actions[0].${name}`, hidden), `actions.${name}`);
});
