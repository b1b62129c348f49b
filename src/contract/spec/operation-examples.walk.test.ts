// the spec's examples work in example-driven tools. Every operation is sent to
// a fresh reference server with a request built ONLY from the spec's own examples (path
// parameter example, first requestBody example — the query body for GET and DELETE), as Prism,
// Postman/Portman and Swagger UI's "Try it out" build it, and must answer its documented success
// with a body that validates against the spec and equals one of that response's examples.
//
// Decision: the expected status is each operation's primary success — 201 create, 200 read,
// 200 update, 205 delete — never 204 ("nothing to act on") nor 304: every update example follows
// a create of the record it names, and sets a field that create example does not, so it must
// change something. The walk runs in two orders, each on a fresh server:
//  - lifecycle: per index, create → read → update → delete by id → create by id → read by id →
//    update by id → delete with a where (the collection delete last);
//  - document order: the order Portman/Newman and Postman collections run by default.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { mintToken } from '../tokens/mint-token.js';
import { startReferenceServer, type RunningReferenceServer } from '../../server/start-reference-server.js';
import { sendRaw } from '../../../test/support/test-server.js';
import { listOperations, loadOpenApiDocument, type OperationEntry } from './openapi-document.js';
import { buildExampleRequest, responseExamples } from './operation-examples.js';
import { createSpecValidator } from './spec-validator.js';

const doc = loadOpenApiDocument();
const spec = createSpecValidator(doc);
const operations = listOperations(doc);
const byId = new Map(operations.map((op) => [op.operationId, op]));

/** Per index: a record's whole life through {base}, then through {base}/{id}; the collection delete last. */
const LIFECYCLE_ORDER = ['Event', 'NetworkLinkType', 'Agent'].flatMap((name) => {
  const plural = name === 'Agent' ? 'Agents' : `${name}s`;
  return [
    `create${name}`,
    `read${plural}`,
    `update${name}`,
    `delete${name}ById`,
    `create${name}ById`,
    `read${name}ById`,
    `update${name}ById`,
    `delete${plural}`,
  ];
});

/** The primary success of an operation: its lowest documented 2xx other than 204. */
function primarySuccess(op: OperationEntry): number {
  const status = op.statuses.find((s) => s >= 200 && s < 300 && s !== 204);
  if (status === undefined) throw new Error(`${op.operationId} documents no success status`);
  return status;
}

test('the lifecycle order holds each of the 24 operations exactly once', () => {
  assert.equal(operations.length, 24);
  assert.deepEqual([...LIFECYCLE_ORDER].sort(), operations.map((op) => op.operationId).sort());
});

/** The operations as the YAML lists them (POST before GET in every path), as Postman collections run them. */
const DOCUMENT_ORDER = Object.values(doc.paths).flatMap((item) =>
  Object.values(item).flatMap((value) => {
    const operationId = (value as { operationId?: unknown }).operationId;
    return typeof operationId === 'string' ? [operationId] : [];
  }),
);

test('the document order holds each of the 24 operations exactly once', () => {
  assert.deepEqual([...DOCUMENT_ORDER].sort(), operations.map((op) => op.operationId).sort());
});

const SECRET = 'spec-examples-walk';
const orders: Array<[string, string[]]> = [
  ['lifecycle order', LIFECYCLE_ORDER],
  ['document order (Portman/Newman default)', DOCUMENT_ORDER],
];

for (const [orderName, order] of orders) {
  describe(`every operation from the spec's examples alone, ${orderName}`, () => {
    let server: RunningReferenceServer;
    let token: string;
    const passed: string[] = [];
    before(async () => {
      server = await startReferenceServer({ port: 0, auth: { secret: SECRET } });
      token = await mintToken({ secret: SECRET, expiresIn: '10m' });
    });
    after(async () => {
      await server.close();
      // The count the issue asks for, in the test output.
      console.log(`# ${orderName}: ${passed.length}/${order.length} operations answered their documented success from the examples alone`);
    });

    for (const operationId of order) {
      const op = byId.get(operationId)!;
      const request = buildExampleRequest(doc, op);
      const want = primarySuccess(op);
      test(`${op.method} ${request.path} (${operationId}) → ${want}`, async () => {
        const text = request.body === undefined ? undefined : JSON.stringify(request.body);
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (text !== undefined) headers['content-type'] = 'application/json';
        const response = await sendRaw(server.url, request.method, request.path, text, headers);
        assert.equal(response.status, want, `sent ${text ?? 'no body'}, answered ${response.text}`);
        assert.notEqual(response.body, undefined, 'the success answer carries a body');
        assert.deepEqual(spec.checkResponse(operationId, response.status, response.body), { ok: true });
        const examples = responseExamples(doc, op, want);
        assert.ok(examples.length > 0, `${operationId} ${want} has no example`);
        assert.ok(
          examples.some(([, value]) => isDeepStrictEqual(value, response.body)),
          `${operationId} answered ${response.text}, which is none of its ${want} examples (${examples.map(([name]) => name).join(', ')})`,
        );
        passed.push(operationId);
      });
    }
  });
}
