// Slow clients (x-decisions slow-clients): headers or a body sent a byte at a time are cut off by
// node:http's headersTimeout / requestTimeout with a 408 envelope, and never hold others up.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { mintToken } from '../../src/contract/tokens/mint-token.js';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  startReferenceServer,
  type RunningReferenceServer,
} from '../../src/server/start-reference-server.js';
import { sendRaw } from '../support/test-server.js';

const SECRET = 'slow-clients-secret';
let server: RunningReferenceServer;
let token: string;
before(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret: SECRET }, headersTimeoutMs: 500, requestTimeoutMs: 1000 });
  token = await mintToken({ secret: SECRET, expiresIn: '1h' });
});
after(() => server.close());

/** Writes `head` at once, then `drip` one byte every 50 ms; resolves with what came back and when the server closed. */
function dribble(head: string, drip: string): Promise<{ text: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(server.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let text = '';
    let at = 0;
    let timer: NodeJS.Timeout | undefined;
    // The drip starts once the head is written: a socket still connecting queues writes, and a
    // byte queued first would reach the server ahead of the request line.
    const socket: Socket = connect(Number(port), hostname, () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write(drip[at++ % drip.length]!), 50);
    });
    socket.on('data', (data) => {
      text += data.toString('utf8');
      clearInterval(timer); // an answer came: stop sending, as a client would
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ text, closedAfterMs: performance.now() - started });
    });
    socket.on('error', () => undefined); // a reset after the 408 is fine: 'close' follows
    setTimeout(() => reject(new Error('the server never closed the slow connection')), 10_000).unref();
  });
}

const plainRead = async () => {
  const started = performance.now();
  const res = await sendRaw(server.url, 'GET', '/type/network-link', undefined, { authorization: `Bearer ${token}` });
  return { status: res.status, ms: performance.now() - started };
};

describe('slow clients', () => {
  it('the defaults: headers within 10 s, the whole request within 30 s', () => {
    assert.equal(DEFAULT_HEADERS_TIMEOUT_MS, 10_000);
    assert.equal(DEFAULT_REQUEST_TIMEOUT_MS, 30_000);
  });

  it('headers sent a byte at a time → 408 with the envelope after headersTimeout, connection closed', async () => {
    const { text, closedAfterMs } = await dribble('GET /type/network-link HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaa\r\n');
    assert.match(text, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    assert.match(text, /"code":408,"error":true/);
    assert.ok(closedAfterMs >= 450 && closedAfterMs < 2500, `closed after ${closedAfterMs.toFixed(0)} ms`);
  });

  it('a body sent a byte at a time → 408 after requestTimeout, nothing stored', async () => {
    const head = `POST /event HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const { text, closedAfterMs } = await dribble(head, '{"id":"slow"');
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.ok(closedAfterMs >= 900 && closedAfterMs < 3000, `closed after ${closedAfterMs.toFixed(0)} ms`);
    assert.equal(server.core.store.event.has('slow'), false);
  });

  it('30 slow clients at once do not hold up others', async () => {
    const slow = Array.from({ length: 30 }, (_, i) =>
      dribble(i % 2 ? 'GET /event HTTP/1.1\r\n' : `PUT /event/x HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n`, 'ab'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 10; i++) {
      const read = await plainRead();
      assert.equal(read.status, 200);
      assert.ok(read.ms < 500, `a plain read took ${read.ms.toFixed(0)} ms while 30 clients dribbled`);
    }
    const closed = await Promise.all(slow);
    const others = closed
      .filter((c) => !/^HTTP\/1\.1 408 /.test(c.text))
      .map((c) => `${JSON.stringify(c.text.slice(0, 60))} after ${c.closedAfterMs.toFixed(0)} ms`);
    assert.deepEqual(others, [], 'every slow client got 408');
  });
});
