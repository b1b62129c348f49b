import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSpecValidator } from './spec-validator.js';

const spec = createSpecValidator();
const created = [{ status: 'Created', code: 201, error: false, message: 'Record with id=e1 created' }];

const cases: Array<[string, { operation: string; status: number; body: unknown; ok: boolean; reason?: RegExp }]> = [
  ['a documented status with a matching body', { operation: 'createEvent', status: 201, body: created, ok: true }],
  ['an undocumented status', { operation: 'deleteEvents', status: 200, body: [], ok: false, reason: /does not document/ }],
  ['a 205 envelope with code 205', { operation: 'deleteEventById', status: 205, body: [{ ...created[0], code: 205 }], ok: false, reason: /\/0\/code/ }],
  ['a read answering an object, not a list', { operation: 'readEvents', status: 200, body: { id: 'e1' }, ok: false, reason: /must be array/ }],
  ['a 304 without a body', { operation: 'updateEventById', status: 304, body: undefined, ok: true }],
  ['a 204 with a body', { operation: 'createEvent', status: 204, body: created, ok: false, reason: /documents no body/ }],
  ['a 401 error envelope', { operation: 'readAgents', status: 401, body: [{ status: 'Unauthorized', code: 401, error: true, message: 'x' }], ok: true }],
  [
    'a 401 envelope claiming error false',
    { operation: 'readAgents', status: 401, body: [{ status: 'Unauthorized', code: 401, error: false, message: 'x' }], ok: false },
  ],
];

for (const [name, { operation, status, body, ok, reason }] of cases) {
  test(`checkResponse: ${name}`, () => {
    const result = spec.checkResponse(operation, status, body);
    assert.equal(result.ok, ok, JSON.stringify(result));
    if (!result.ok && reason) assert.match(result.reason, reason);
  });
}

test('an unknown schema name is a programming error, reported by name', () => {
  assert.throws(() => spec.validateSchema('NoSuchSchema', {}), /NoSuchSchema/);
});

test('a small invalid value reports every violation (the 406 message names each field)', () => {
  const violations = spec.validateSchema('AgentInput', { actions: [{ id: 'a' }], parameters: [{ id: 'p', config: { schema: 'yaml' } }] });
  const keywords = violations.map((v) => `${v.instancePath} ${v.keyword}`);
  assert.ok(keywords.includes('/actions/0 required') && keywords.includes('/parameters/0 required'), keywords.join('; '));
});

test('a huge invalid value is refused in linear time, with its first violation (hostile input)', () => {
  const agent = { id: 'a', resources: Array.from({ length: 20_000 }, (_, i) => ({ id: `r${i}`, config: { path: 5 } })) };
  const started = performance.now();
  const violations = spec.validateSchema('AgentInput', agent);
  const took = performance.now() - started;
  assert.ok(violations.length > 0 && violations.length < 10, `${violations.length} violations`);
  assert.ok(took < 500, `took ${took.toFixed(0)} ms (all errors of 20 000 entries took over 2 s)`);
});

test('precompile compiles named component schemas up front and refuses a name the spec lacks', () => {
  const spec = createSpecValidator();
  spec.precompile(['Query', 'EventInput']);
  assert.deepEqual(spec.validateSchema('Query', {}), []);
  assert.throws(() => spec.precompile(['NoSuchSchema']), /no schema at \/components\/schemas\/NoSuchSchema/);
});

test('each response pointer judges as its own compile would, though pointers holding the same schema share one; accepts says yes exactly where validateAt finds nothing', async () => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const addFormats = (await import('ajv-formats')).default;
  const { loadOpenApiDocument } = await import('./openapi-document.js');
  const doc = loadOpenApiDocument();
  const pointers = new Set<string>();
  for (const [id, op] of spec.operations) for (const status of op.statuses) pointers.add(spec.responseSchemaPointer(id, status) ?? '');
  pointers.delete('');
  const bodies: unknown[] = [
    created,
    [{ ...created[0], error: true }],
    [{ status: 'Not Found', code: 404, error: true, message: 'x' }],
    [],
    [{ id: 'e1' }],
    {},
    'text',
  ];
  let judged = 0;
  for (const pointer of pointers) {
    // A fresh ajv per pointer: nothing compiled for one pointer can stand in for another.
    const alone = new Ajv2020({ strict: false });
    addFormats.default(alone);
    alone.addSchema(doc as object, 'openapi.json', undefined, false);
    const own = alone.getSchema(`openapi.json#${pointer}`)!;
    for (const body of bodies) {
      const violations = spec.validateAt(pointer, body);
      assert.equal(violations.length === 0, own(body), `${pointer} ${JSON.stringify(body)}`);
      if (violations.length > 0) assert.equal(violations[0]!.schemaPath, own.errors![0]!.schemaPath, pointer);
      assert.equal(spec.accepts(pointer, body), violations.length === 0, `${pointer} ${JSON.stringify(body)}`);
      judged++;
    }
  }
  assert.ok(pointers.size >= 20 && judged === pointers.size * bodies.length, `${pointers.size} pointers`);
});
