import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { dottedFieldName, mapViolations, singularOf } from './validate-record.js';
import { createRecordValidator } from './validate-record.js';

const validate = createRecordValidator(createSpecValidator(), loadOpenApiDocument());

test('singularOf names an entry of a list', () => {
  for (const [plural, singular] of [
    ['parameters', 'parameter'],
    ['actions', 'action'],
    ['resources', 'resource'],
    ['entries', 'entry'],
    ['select', 'select'],
    ['class', 'class'],
  ]) {
    assert.equal(singularOf(plural!), singular);
  }
});

test('dottedFieldName drops list indices and uses the singular (§4.1 rule 4)', () => {
  assert.equal(dottedFieldName('', 'name'), 'name');
  assert.equal(dottedFieldName('/parameters/0', 'type'), 'parameter.type');
  assert.equal(dottedFieldName('/actions/1/config', 'cmd'), 'action.config.cmd');
  assert.equal(dottedFieldName('/where/equals', 'target'), 'where.equals.target');
  assert.equal(dottedFieldName('/a~1b'), 'a/b');
  assert.equal(dottedFieldName(''), 'body');
  assert.equal(dottedFieldName('/0', 'id'), '0.id'); // an index with no list before it stays
});

test('mapViolations keeps the first reason per field, and a field named __proto__ as a key', () => {
  const required = (missingProperty: string) => ({ keyword: 'required', instancePath: '', schemaPath: '#/required', message: '', params: { missingProperty } });
  const typed = { keyword: 'type', instancePath: '/name', schemaPath: '#/properties/name/type', message: '', params: { type: 'string' } };
  const message = mapViolations([required('name'), typed, required('__proto__')], loadOpenApiDocument());
  assert.deepEqual(Object.keys(message), ['name', '__proto__']);
  assert.equal(message['name'], 'required');
  assert.equal(Object.getOwnPropertyDescriptor(message, '__proto__')?.value, 'required');
  assert.equal(Object.getPrototypeOf(message), Object.prototype);
});

const cases: Array<[string, { schema: string; value: unknown; want: Record<string, string> | undefined }]> = [
  ['valid link type', { schema: 'NetworkLinkTypeInput', value: { id: 'x', name: 'X', extra: { deep: 1 } }, want: undefined }],
  ['missing name', { schema: 'NetworkLinkTypeInput', value: { id: 'x' }, want: { name: 'required' } }],
  ['name of wrong type', { schema: 'NetworkLinkTypeInput', value: { name: 5 }, want: { name: 'must be string' } }],
  ['empty id', { schema: 'EventInput', value: { id: '' }, want: { id: 'must not be empty' } }],
  ['id of wrong type', { schema: 'EventInput', value: { id: 7 }, want: { id: 'must be string' } }],
  [
    'missing parameter type',
    { schema: 'AgentInput', value: { parameters: [{ id: 'p', config: { schema: 'yaml' } }] }, want: { 'parameter.type': 'required' } },
  ],
  [
    'missing action config cmd',
    {
      schema: 'AgentInput',
      value: {
        actions: [
          { id: 'a', config: { cmd: 'x' } },
          { id: 'b', config: {} },
        ],
      },
      want: { 'action.config.cmd': 'required' },
    },
  ],
  [
    'action status enum',
    {
      schema: 'AgentInput',
      value: { actions: [{ id: 'a', config: { cmd: 'x' }, status: 'running' }] },
      want: { 'action.status': 'must be one of: started, stopped, unknown' },
    },
  ],
  [
    'parameter type enum',
    {
      schema: 'AgentInput',
      value: { parameters: [{ id: 'p', type: 'float', config: { schema: 'yaml' } }] },
      want: { 'parameter.type': 'must be one of: integer, number, time-duration, string, choice, boolean, binary' },
    },
  ],
  [
    'resource path oneOf',
    {
      schema: 'AgentInput',
      value: { resources: [{ id: 'r', config: { path: 5 } }] },
      want: { 'resource.config.path': 'must be a string or a list of strings' },
    },
  ],
  ['resource path string accepted', { schema: 'AgentInput', value: { resources: [{ id: 'r', config: { path: '/var/log' } }] }, want: undefined }],
  [
    'several problems at once',
    { schema: 'AgentInput', value: { parameters: [{ id: 'p' }] }, want: { 'parameter.type': 'required', 'parameter.config': 'required' } },
  ],
  ['query: missing target', { schema: 'Query', value: { where: { equals: { expr: 'x' } } }, want: { 'where.equals.target': 'required' } }],
  ['query: unknown field', { schema: 'Query', value: { offset: 1 }, want: { offset: 'not allowed' } }],
  ['query: select not a list', { schema: 'Query', value: { select: 'name' }, want: { select: 'must be array' } }],
];

for (const [name, { schema, value, want }] of cases) {
  test(`validate ${schema}: ${name}`, () => {
    assert.deepEqual(validate(schema, value), want);
  });
}

test('a stored agent must keep action.config (merged-record check)', () => {
  assert.deepEqual(validate('Agent', { id: 'a', actions: [{ id: 'new' }] }), { 'action.config': 'required' });
  assert.deepEqual(validate('Event', {}), { id: 'required' });
});
