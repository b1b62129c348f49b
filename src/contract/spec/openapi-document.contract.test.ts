// Walks spec/openapi.yaml (via its generated JSON) and checks that the contract still states
// everything the description fixes, so the spec cannot silently lose an operation or a status code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadOpenApiDocument, listOperations } from './openapi-document.js';
import { createSpecValidator } from './spec-validator.js';

const doc = loadOpenApiDocument();
const operations = listOperations(doc);
const spec = createSpecValidator(doc);

// §4.2, per operation
const describedCodes = {
  POST: [201, 204, 400, 401, 406, 415, 422, 500],
  GET: [200, 400, 401, 404, 406, 415, 422, 500],
  PUT: [200, 204, 304, 400, 401, 406, 415, 422, 500],
  DELETE: [205, 400, 401, 404, 406, 415, 422, 500],
} as const;

// §4.1: three indices, each {base} and {base}/{id}
const bases = ['/event', '/type/network-link', '/catalog/agent'];

test('the spec is OpenAPI 3.1', () => {
  assert.match(doc.openapi, /^3\.1\./);
});

test('24 operations: every method on {base} and {base}/{id} of the three indices', () => {
  assert.equal(operations.length, 24);
  for (const base of bases) {
    for (const path of [base, `${base}/{id}`]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        assert.ok(
          operations.some((op) => op.pathTemplate === path && op.method === method),
          `${method} ${path} is missing`,
        );
      }
    }
  }
});

test('operationIds are unique and every operation has a tag and a description', () => {
  const ids = operations.map((op) => op.operationId);
  assert.equal(new Set(ids).size, ids.length);
  for (const op of operations) {
    const raw = doc.paths[op.pathTemplate]?.[op.method.toLowerCase()] as { tags?: string[]; description?: string };
    assert.equal(raw.tags?.length, 1, `${op.operationId} needs exactly one tag`);
    assert.ok(raw.description && raw.description.length > 20, `${op.operationId} needs a description`);
  }
});

for (const op of listOperations(doc)) {
  test(`${op.operationId} documents every status of §4.2 for ${op.method}`, () => {
    const missing = describedCodes[op.method].filter((code) => !op.statuses.includes(code));
    assert.deepEqual(missing, [], `${op.operationId} lacks ${missing.join(', ')}`);
  });
}

test('every operation requires the bearer JWT scheme (§5)', () => {
  assert.deepEqual(doc['security'], [{ bearerAuth: [] }]);
  const schemes = doc.components['securitySchemes'] as Record<string, { type: string; scheme: string; bearerFormat: string }>;
  assert.deepEqual(
    { type: schemes['bearerAuth']?.type, scheme: schemes['bearerAuth']?.scheme, format: schemes['bearerAuth']?.bearerFormat },
    { type: 'http', scheme: 'bearer', format: 'JWT' },
  );
  for (const op of operations) {
    const raw = doc.paths[op.pathTemplate]?.[op.method.toLowerCase()] as { security?: unknown };
    assert.equal(raw.security, undefined, `${op.operationId} must not override the global security`);
  }
});

test('GET and DELETE take an optional JSON query body (§4.1)', () => {
  const bodies = doc.components['requestBodies'] as Record<string, { required?: boolean; content?: Record<string, { schema?: unknown }> }>;
  for (const op of operations.filter((o) => o.method === 'GET' || o.method === 'DELETE')) {
    const raw = doc.paths[op.pathTemplate]?.[op.method.toLowerCase()] as { requestBody?: { $ref?: string } };
    const name = /^#\/components\/requestBodies\/(\w+(?:ReadQuery|DeleteQuery))$/.exec(raw.requestBody?.$ref ?? '')?.[1];
    assert.ok(name, `${op.operationId} takes a query body`);
    assert.equal(bodies[name]?.required, false, name);
    assert.deepEqual(bodies[name]?.content?.['application/json']?.schema, { $ref: '#/components/schemas/Query' }, name);
  }
});

type Examples = Record<string, { value: unknown }>;
const responses = doc.components['responses'] as Record<string, { content?: { 'application/json': { example?: unknown; examples?: Examples } } }>;

test('the 406 examples state the messages of the description: Id already found, name and parameter.type required', () => {
  const examples = responses['CreateValidationFailed']?.content?.['application/json'].examples ?? {};
  const messages = Object.values(examples).map((e) => (e.value as Array<{ message: unknown }>)[0]?.message);
  // The description's three come first; the examples after them document extensions (x-decisions batches, entry ids).
  assert.deepEqual(messages.slice(0, 3), ['Id already found', { name: 'required' }, { 'parameter.type': 'required' }]);
});

test('the 205 examples carry envelope code 200, error false (§4.1)', () => {
  for (const name of ['EventDeleted', 'NetworkLinkTypeDeleted', 'AgentDeleted']) {
    const example = responses[name]?.content?.['application/json'].example as Array<{ code: number; error: boolean }>;
    assert.equal(example[0]?.code, 200, name);
    assert.equal(example[0]?.error, false, name);
  }
});

test('the preloaded link types are p2p and slice, each with id, name and description (§2.2)', () => {
  const preload = (doc.components['examples'] as Examples)['PreloadedNetworkLinkTypes']?.value as Array<Record<string, string>>;
  assert.deepEqual(
    preload.map((r) => [r['id'], r['name']]),
    [
      ['p2p', 'Point to Point'],
      ['slice', 'Slice'],
    ],
  );
  for (const record of preload) assert.deepEqual(spec.validateSchema('NetworkLinkType', record), []);
  for (const record of preload) assert.equal(typeof record['description'], 'string');
});

// Table: which schema must accept or refuse which value (the description's field tables, §2).
const schemaCases: Array<[string, { schema: string; value: unknown; valid: boolean }]> = [
  ['event with extra fields', { schema: 'EventInput', value: { kind: 'x', source: '10.0.0.1' }, valid: true }],
  ['stored event needs an id', { schema: 'Event', value: { kind: 'x' }, valid: false }],
  ['link type needs a name', { schema: 'NetworkLinkTypeInput', value: { id: 'x' }, valid: false }],
  ['link type with extra data', { schema: 'NetworkLinkTypeInput', value: { name: 'n', mtu: 1500 }, valid: true }],
  ['action needs config', { schema: 'Action', value: { id: 'a' }, valid: false }],
  ['action config needs cmd', { schema: 'Action', value: { id: 'a', config: {} }, valid: false }],
  ['action status is an enum', { schema: 'Action', value: { id: 'a', config: { cmd: 'c' }, status: 'running' }, valid: false }],
  ['parameter needs type', { schema: 'Parameter', value: { id: 'p', config: { schema: 'yaml' } }, valid: false }],
  [
    'parameter schema takes the spelling of the description',
    { schema: 'Parameter', value: { id: 'p', type: 'string', config: { schema: 'propeties' } }, valid: true },
  ],
  ['parameter schema takes properties', { schema: 'Parameter', value: { id: 'p', type: 'string', config: { schema: 'properties' } }, valid: true }],
  ['parameter type is an enum', { schema: 'Parameter', value: { id: 'p', type: 'float', config: { schema: 'json' } }, valid: false }],
  ['resource config path as a string', { schema: 'Resource', value: { id: 'r', config: { path: '/var/log' } }, valid: true }],
  ['resource config path as a list', { schema: 'Resource', value: { id: 'r', config: { path: ['/a', '/b'] } }, valid: true }],
  ['resource needs config', { schema: 'Resource', value: { id: 'r' }, valid: false }],
  ['query with select and where.equals', { schema: 'Query', value: { select: ['name'], where: { equals: { target: 'id', expr: 'p2p' } } }, valid: true }],
  ['query where.equals needs target', { schema: 'Query', value: { where: { equals: { expr: 'p2p' } } }, valid: false }],
  [
    'envelope message may be an object',
    { schema: 'Envelope', value: [{ status: 'Not Acceptable', code: 406, error: true, message: { name: 'required' } }], valid: true },
  ],
  ['envelope is an array', { schema: 'Envelope', value: { status: 'OK', code: 200, error: false, message: 'x' }, valid: false }],
  ['deleted envelope code is 200', { schema: 'DeletedEnvelope', value: [{ status: 'Reset Content', code: 205, error: false, message: 'x' }], valid: false }],
];

for (const [name, { schema, value, valid }] of schemaCases) {
  test(`schema ${schema}: ${name}`, () => {
    assert.equal(spec.validateSchema(schema, value).length === 0, valid);
  });
}

test('every x-decision named on a response exists in info.x-decisions', () => {
  const known = new Set((doc.info['x-decisions'] ?? []).map((d) => d.id));
  const named = JSON.stringify(doc).matchAll(/"x-decision":"([^"]+)"/g);
  for (const [, id] of named) assert.ok(known.has(id!), `x-decision ${id} is not listed in info.x-decisions`);
});
