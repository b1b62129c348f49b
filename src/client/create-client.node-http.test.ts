// The typed client over real sockets (node:http on port 0), for what nock cannot deliver:
// node:http sends a 205 body, which axios' Node adapter receives (fetch, undici in Node, drops a 205 body; axios' http adapter keeps it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from './create-client.js';

const deletedEnvelope = [{ status: 'Reset Content', code: 200, error: false, message: 'Record with id=e1 deleted' }];
const notModified = [{ status: 'Not Modified', code: 304, error: false, message: 'Update not necessary' }];

let server: Server;
let baseURL = '';

before(async () => {
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.method === 'DELETE') response.writeHead(205).end(JSON.stringify(deletedEnvelope));
    // node:http drops a 304 body by itself; the client must not wait for one.
    else if (request.method === 'PUT') response.writeHead(304).end(JSON.stringify(notModified));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createClient over node:http', () => {
  it('205 carries the envelope with code 200 (§4.1: code differs from the HTTP status)', async () => {
    const result = await createClient({ baseURL }).events.delete({ id: 'e1' });
    assert.equal(result.status, 205);
    assert.deepEqual(result.data, deletedEnvelope);
    assert.equal(result.data?.[0]?.code, 200);
  });
  it('304 arrives without a body', async () => {
    const result = await createClient({ baseURL }).events.update({ body: { id: 'e1' } });
    assert.equal(result.status, 304);
    assert.equal(result.data, undefined);
    assert.equal(result.rawBody, '');
  });
});
