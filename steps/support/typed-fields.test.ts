import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fullSample, typedFields, updateSetting } from './typed-fields.js';

test('typedFields: every typed field of a link type and an agent, from the spec, with wrong values', () => {
  assert.deepEqual(
    typedFields('networkLinkTypes').map((f) => f.label),
    ['name', 'description'],
  );
  const agent = typedFields('agents');
  const labels = agent.map((f) => f.label);
  for (const label of [
    'actions',
    'actions[0].id',
    'actions[0].config.cmd',
    'actions[0].status',
    'actions[0].example',
    'parameters[0].type',
    'parameters[0].config.schema',
    'parameters[0].config.path',
    'resources[0].config.path',
    'resources[0].example',
  ]) {
    assert.ok(labels.includes(label), `${label} in ${labels.join(', ')}`);
  }
  assert.deepEqual(
    agent
      .filter((f) => f.hiddenName)
      .map((f) => f.label)
      .sort(),
    ['actions[0].config.args', 'actions[0].config.daemon', 'deployment_source', 'description', 'parameters[0].list'],
  );
  assert.deepEqual(typedFields('events'), []);
  const path = agent.find((f) => f.label === 'parameters[0].config.path')!;
  assert.deepEqual(path.wrongValues, [5, 'text', [5]]);
  for (const field of agent)
    assert.ok(
      field.wrongValues.every((v) => v !== null && v !== 0 && v !== 1),
      field.label,
    );
});

test('fullSample fills every declared field; updateSetting addresses an entry by its id', () => {
  const agent = fullSample('agents', { hiddenNames: false });
  const action = (agent['actions'] as Array<Record<string, unknown>>)[0]!;
  assert.equal(action['example'], 'text');
  assert.equal('args' in (action['config'] as object), false);
  assert.deepEqual(updateSetting(agent, ['actions', 0, 'description'], 5), { actions: [{ id: 'start', description: 5 }] });
  assert.deepEqual(updateSetting(agent, ['actions', 0, 'config', 'cmd'], 5), { actions: [{ id: 'start', config: { cmd: 5 } }] });
  assert.deepEqual(updateSetting(agent, ['description'], 5), { description: 5 });
});
