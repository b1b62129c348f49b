// The hostile-input suite against the msw handlers (msw/node setupServer; requests sent over
// node:http are intercepted), the same cases as on the node:http reference server. Slow clients
// have no socket to hold here, so that case is node:http only (slow-clients.test.ts).
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { describeHostileInput } from './hostile-input-suite.js';
import { startMswTarget, type HostileTarget } from './hostile-target.js';

describeHostileInput(startMswTarget);

describe('msw: a chunked body over the limit is cancelled, not read whole', () => {
  let target: HostileTarget;
  before(async () => (target = await startMswTarget()));
  after(() => target.close());

  it('2 MiB sent in 64 KiB chunks without Content-Length → 413', async () => {
    const url = new URL(target.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          hostname: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/event',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 32; i++) req.write(Buffer.alloc(64 * 1024, ' '));
      req.end();
    });
    assert.equal(status, 413);
    assert.equal((await target.send('GET', '/event')).status, 200, 'the handlers answer the next request');
  });
});
