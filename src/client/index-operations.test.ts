import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listOperations } from '../contract/spec/openapi-document.js';
import { operationTable } from '../generated/operation-table.js';
import { indexOperations } from './index-operations.js';

const methodOf = { create: 'POST', read: 'GET', update: 'PUT', delete: 'DELETE' } as const;

describe('indexOperations matches the spec', () => {
  const specOperations = listOperations();
  const mapped = Object.values(indexOperations).flatMap((ops) =>
    (Object.keys(methodOf) as Array<keyof typeof methodOf>).flatMap((call) => [
      { operationId: ops[call][0], method: methodOf[call], pathTemplate: ops.basePath },
      { operationId: ops[call][1], method: methodOf[call], pathTemplate: `${ops.basePath}/{id}` },
    ]),
  );
  it('maps every one of the spec operations exactly once', () => {
    assert.equal(specOperations.length, 24);
    assert.deepEqual(mapped.map((m) => m.operationId).sort(), specOperations.map((o) => o.operationId).sort());
  });
  for (const entry of mapped) {
    it(`${entry.operationId} is ${entry.method} ${entry.pathTemplate} in the spec`, () => {
      const spec = specOperations.find((o) => o.operationId === entry.operationId);
      assert.ok(spec, `${entry.operationId} is in the spec`);
      assert.equal(spec.method, entry.method);
      assert.equal(spec.pathTemplate, entry.pathTemplate);
    });
  }
});

describe('the generated operation table the client ships (instead of the spec document)', () => {
  it('lists every operation of the spec with its method, path and documented statuses', () => {
    const fromDocument = listOperations().map((o) => [o.operationId, o.method, o.pathTemplate, o.statuses]);
    const fromTable = Object.entries(operationTable).map(([id, row]) => [id, row.method, row.path, [...row.statuses]]);
    assert.deepEqual(fromTable, fromDocument);
  });
});
