// The hostile-input suite against the node:http reference server, plus what only a socket shows:
// a declared 50 MB body is refused before it is sent, an endless chunked body is cut off.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { describeHostileInput } from './hostile-input-suite.js';
import { startReferenceTarget, type HostileTarget } from './hostile-target.js';

describeHostileInput(startReferenceTarget);

/** Opens a socket, writes `head` (and keeps writing `chunk` every 5 ms when given), resolves with the first bytes answered. */
function firstAnswer(url: string, head: string, chunk?: Buffer): Promise<{ text: string; ms: number }> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    // The chunks start once the head is written: a socket still connecting queues writes, and a
    // chunk queued first would reach the server as a malformed request line (seen on a busy machine).
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      if (chunk) timer = setInterval(() => socket.writable && socket.write(chunk), 5);
    });
    socket.once('data', (data) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ text: data.toString('latin1'), ms: performance.now() - started });
    });
    socket.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
  });
}

describe('a body over the limit is refused without reading the rest', () => {
  let target: HostileTarget;
  before(async () => (target = await startReferenceTarget()));
  after(() => target.close());

  it('Content-Length: 50 MB → 413 at once, before any of the body is sent', async () => {
    const head = `POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`;
    const { text, ms } = await firstAnswer(target.url, head);
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.ok(ms < 1000, `took ${ms.toFixed(0)} ms`);
  });

  it('a chunked body that never ends → 413 once it passes 1 MiB, while the client is still sending', async () => {
    const head = 'POST /event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const piece = Buffer.alloc(64 * 1024, 'a');
    const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const { text } = await firstAnswer(target.url, head, chunk);
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.equal((await target.send('GET', '/type/network-link/p2p')).status, 200, 'the server answers the next request');
  });
});
