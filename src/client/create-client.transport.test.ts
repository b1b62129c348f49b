// The client's `transport` (the conformance kit's connection) against its axios path: the same request, the same result.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import axios, { AxiosHeaders } from 'axios';
import { NetworkError, UnexpectedStatusError } from './api-result.js';
import { createClient, normaliseHeaders, type ClientRequest, type ClientTransport } from './create-client.js';
import type { KitClient } from './index-calls.js';
import { indexOperations, type ClientIndexKey } from './index-operations.js';

type Answer = Awaited<ReturnType<ClientTransport>>;

/** The requests an axios instance's adapter was given, in the shape a transport gets them, each answered `answer`. */
function axiosRecording(answer: Answer) {
  const seen: ClientRequest[] = [];
  const instance = axios.create({
    adapter: async (config) => {
      const data: unknown = config.data;
      seen.push({
        method: (config.method ?? 'get').toUpperCase(),
        url: instance.getUri(config),
        headers: normaliseHeaders(AxiosHeaders.from(config.headers).toJSON()),
        body: typeof data === 'string' ? data : undefined,
      });
      return {
        data: answer.body,
        status: answer.status,
        statusText: '',
        headers: AxiosHeaders.from(answer.headers as Record<string, string>),
        config,
        request: {},
      };
    },
  });
  return { seen, instance };
}

/** A transport that records what it gets and answers `answer`. */
function transportRecording(answer: Answer) {
  const seen: ClientRequest[] = [];
  const transport: ClientTransport = async (request) => {
    seen.push({ ...request, method: request.method.toUpperCase() });
    return answer;
  };
  return { seen, transport };
}

const calls: [string, (client: KitClient, index: ClientIndexKey) => Promise<unknown>][] = [
  ['create', (c, index) => c[index].create({ body: { id: 'r 1' } as never })],
  ['create at an id', (c, index) => c[index].create({ id: 'r/1', body: {} as never })],
  ['read with a query', (c, index) => c[index].read({ query: { select: ['id'] } })],
  ['read with ?q=', (c, index) => c[index].read({ query: { select: ['id'] }, queryIn: 'url' })],
  ['read an id', (c, index) => c[index].read({ id: 'é' })],
  ['update an id', (c, index) => c[index].update({ id: 'r', body: {} as never } as never)],
  ['delete all', (c, index) => c[index].delete()],
];

test('through a transport the client sends what it sends through axios: method, joined URL, headers and body, for every index and call', async () => {
  const answer = { status: 200, headers: { 'Content-Type': 'application/json' }, body: '[]' };
  for (const baseURL of ['http://mgmt.test', 'http://mgmt.test/api/', 'http://mgmt.test/api//']) {
    for (const index of Object.keys(indexOperations) as ClientIndexKey[]) {
      for (const [name, call] of calls) {
        const viaAxios = axiosRecording(answer);
        const viaTransport = transportRecording(answer);
        const options = { baseURL, token: 't0k', headers: { 'x-extra': 'yes' } };
        await call(createClient({ ...options, axiosInstance: viaAxios.instance }), index).catch(() => undefined);
        await call(createClient({ ...options, transport: viaTransport.transport }), index).catch(() => undefined);
        assert.equal(viaTransport.seen.length, 1, `${baseURL} ${index} ${name}: one request`);
        assert.deepEqual(viaTransport.seen, viaAxios.seen, `${baseURL} ${index} ${name}`);
      }
    }
  }
});

test('through a transport the answer is judged as through axios: documented, undocumented, no answer, a 401 renewed once', async () => {
  const answered = transportRecording({ status: 201, headers: { 'X-Request-Id': ['a', 'b'] }, body: '[{"code":201}]' });
  const created = await createClient({ baseURL: 'http://t', transport: answered.transport }).events.create({ body: { id: 'e' } as never });
  assert.deepEqual(created, { operation: 'createEvent', status: 201, data: [{ code: 201 }], headers: { 'x-request-id': 'a, b' }, rawBody: '[{"code":201}]' });

  const teapot = transportRecording({ status: 418, headers: {}, body: 'no' });
  await assert.rejects(createClient({ baseURL: 'http://t', transport: teapot.transport }).events.read(), (error: unknown) => {
    assert.ok(error instanceof UnexpectedStatusError);
    assert.equal(error.status, 418);
    assert.equal(error.rawBody, 'no');
    return true;
  });

  const gone = new Error('no answer within 15000 ms');
  await assert.rejects(
    createClient({ baseURL: 'http://t', transport: () => Promise.reject(gone) }).events.read(),
    (error: unknown) => error instanceof NetworkError && error.operation === 'readEvents' && error.cause === gone,
  );

  const tokens = ['old', 'new'];
  const sent: string[] = [];
  const renewing: ClientTransport = async (request) => {
    sent.push(request.headers['authorization'] ?? '');
    return { status: sent.length === 1 ? 401 : 200, headers: {}, body: '[]' };
  };
  const read = await createClient({ baseURL: 'http://t', token: () => tokens.shift()!, transport: renewing }).events.read();
  assert.equal(read.status, 200);
  assert.deepEqual(sent, ['Bearer old', 'Bearer new']);
});
