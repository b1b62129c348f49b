import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, test } from 'node:test';
import { plainConnection } from './connection-settings.js';
import { createRouter, sendOnce } from './send-once.js';

let server: Server;
let base: string;
let requests = 0;
const used = new WeakSet<Socket>();

before(async () => {
  // Answers the first request of each connection and keeps it open; a second request on the same
  // connection finds it reset — how a kept-alive socket the server has just dropped looks.
  server = createServer((req, res) => {
    requests++;
    if (used.has(req.socket)) return void req.socket.destroy();
    used.add(req.socket);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test('sendOnce: a kept-alive socket reset before any answer is left for a fresh one, once per such socket', async () => {
  const router = createRouter({ ...plainConnection(base), maxConnections: 1 });
  try {
    const send = () =>
      sendOnce(router, { method: 'POST', url: new URL(`${base}/event`), headers: {}, body: Buffer.from('{}') }, { timeout: 2000, until: undefined });
    assert.equal((await send()).status, 200);
    requests = 0;
    assert.equal((await send()).status, 200, 'the reset on the reused socket is not the answer');
    assert.equal(requests, 2, 'sent on the reused socket, then once more on a new one');
  } finally {
    router.close();
  }
});

test('sendOnce: a proxy refusing the CONNECT tunnel is a proxy failure naming its answer, never an answer of the target', async () => {
  const proxy = createServer();
  proxy.on('connect', (_req, socket: Socket) => socket.end('HTTP/1.1 407 Proxy Authentication Required\r\ncontent-length: 0\r\n\r\n'));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const router = createRouter(plainConnection('https://mgmt.example.net', {}, { httpsProxy: proxyUrl }));
  try {
    await assert.rejects(
      sendOnce(router, { method: 'GET', url: new URL('https://mgmt.example.net/event'), headers: {} }, { timeout: 2000 }),
      (error: Error & { kind?: string }) => {
        assert.equal(error.kind, 'proxy');
        assert.equal(
          error.message,
          `GET https://mgmt.example.net/event failed: the proxy ${proxyUrl} refused the tunnel to mgmt.example.net (407 Proxy Authentication Required)`,
        );
        return true;
      },
    );
  } finally {
    router.close();
    proxy.close();
  }
});
