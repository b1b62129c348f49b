import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listOperations, loadOpenApiDocument, type OpenApiDocument, type OperationEntry } from './openapi-document.js';
import { buildExampleRequest, namedExamples, pathParameters, requestBodyMedia, responseExamples } from './operation-examples.js';

const doc = loadOpenApiDocument();
const operations = listOperations(doc);
const op = (operationId: string): OperationEntry => operations.find((o) => o.operationId === operationId)!;

// [operationId, the request an example-driven tool builds from the spec]
const requests: Array<[string, { method: string; path: string; body?: unknown }]> = [
  ['createEventById', { method: 'POST', path: '/event/event-1', body: { id: 'event-1', kind: 'link-down', severity: 'major' } }],
  ['updateEvent', { method: 'PUT', path: '/event', body: { id: 'event-1', source: '10.0.0.1' } }],
  [
    'readNetworkLinkTypeById',
    { method: 'GET', path: '/type/network-link/mesh', body: { select: ['id', 'name'], where: { equals: { target: 'name', expr: 'Mesh' } } } },
  ],
  ['deleteAgents', { method: 'DELETE', path: '/catalog/agent', body: { where: { equals: { target: 'id', expr: 'filebeat' } } } }],
];
for (const [operationId, want] of requests) {
  test(`buildExampleRequest: ${operationId}`, () => {
    const { method, path, body } = buildExampleRequest(doc, op(operationId));
    assert.deepEqual({ method, path, ...(body === undefined ? {} : { body }) }, want);
  });
}

test('buildExampleRequest refuses a path parameter without an example instead of guessing', () => {
  const bare = structuredClone(doc) as OpenApiDocument;
  const parameters = bare.components['parameters'] as Record<string, { example?: unknown }>;
  delete parameters['EventId']!.example;
  assert.throws(() => buildExampleRequest(bare, op('readEventById')), /readEventById: path parameter id has no string example/);
});

test('every {id} operation: each request example names the path example as its id, or no id', () => {
  let checked = 0;
  for (const entry of operations.filter((o) => o.pathTemplate.endsWith('/{id}'))) {
    const [parameter] = pathParameters(doc, entry);
    const pathId = parameter && namedExamples(doc, parameter)[0]?.[1];
    assert.equal(typeof pathId, 'string', `${entry.operationId}: the id parameter has an example`);
    for (const [name, value] of namedExamples(doc, requestBodyMedia(doc, entry))) {
      const bodyId = (value as { id?: unknown }).id;
      assert.ok(bodyId === undefined || bodyId === pathId, `${entry.operationId}: example ${name} names id ${String(bodyId)}, the path ${String(pathId)}`);
      checked += 1;
    }
  }
  assert.ok(checked >= 12, `only ${checked} request examples checked`);
});

test("every envelope example of a success response names the id of its index's path example", () => {
  for (const entry of operations.filter((o) => o.pathTemplate.endsWith('/{id}') && o.method !== 'GET')) {
    const pathId = namedExamples(doc, pathParameters(doc, entry)[0])[0]?.[1] as string;
    const success = entry.statuses.filter((s) => [200, 201, 205, 304].includes(s));
    for (const status of success) {
      for (const [name, value] of responseExamples(doc, entry, status)) {
        const message = (value as Array<{ message: string }>)[0]?.message ?? '';
        assert.match(message, new RegExp(`id=${pathId}\\b`), `${entry.operationId} ${status} example ${name}`);
      }
    }
  }
});
