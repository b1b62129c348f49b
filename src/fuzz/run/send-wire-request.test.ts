// The sender bounds every request: by the end of its phase of the run (`until`: cut short, which
// says nothing about the target) and by the per-request time-out (no answer: a finding).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createWireSender, type WireSender } from './send-wire-request.js';
import { plainConnection } from '../../connection/connection-settings.js';

// /ok answers at once; /never never answers; /trickle sends its head and a first chunk, then stalls.
let server: Server;
let baseUrl: string;
const seen: string[] = [];
before(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/ok') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":"a"}]');
    if (req.url === '/trickle') return void res.writeHead(200, { 'content-type': 'application/json' }).write('[');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const get = (path: string) => ({ method: 'GET' as const, path, headers: {}, body: undefined });

async function timed(sender: WireSender, path: string, until?: number) {
  const started = Date.now();
  const result = await sender.send(get(path), until);
  return { result, ms: Date.now() - started };
}

describe('createWireSender', () => {
  it('reads an answer', async () => {
    const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 5000 }, { until: Date.now() + 5000 });
    const { result } = await timed(sender, '/ok');
    sender.close();
    assert.ok(result.ok);
    assert.deepEqual([result.answer.status, result.answer.json], [200, [{ id: 'a' }]]);
  });

  for (const path of ['/never', '/trickle']) {
    it(`a request to a target that ${path === '/never' ? 'never answers' : 'stalls mid-answer'} is cut short at its until`, async () => {
      const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 60_000 }, { until: Date.now() + 60_000 });
      const { result, ms } = await timed(sender, path, Date.now() + 300);
      sender.close();
      assert.deepEqual(result, { ok: false, error: 'not answered before the time budget ran out', cutShort: true });
      assert.ok(ms >= 250 && ms < 1500, `${ms} ms`);
    });
  }

  it('the sender-wide until applies when send is given none', async () => {
    const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 60_000 }, { until: Date.now() + 300 });
    const { result, ms } = await timed(sender, '/never');
    sender.close();
    assert.equal(!result.ok && result.cutShort, true);
    assert.ok(ms < 1500, `${ms} ms`);
  });

  it('after its until a request is not sent at all', async () => {
    const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 5000 }, { until: Date.now() - 1 });
    const before = seen.length;
    const { result, ms } = await timed(sender, '/ok');
    sender.close();
    assert.equal(!result.ok && result.cutShort, true);
    assert.ok(ms < 50, `${ms} ms`);
    assert.equal(seen.length, before, 'nothing reached the target');
    assert.equal(sender.count, 0);
  });

  it('once the run is interrupted, a request is sent only when given an end of its own (the clean-up)', async () => {
    const interrupt = new AbortController();
    const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 5000 }, { until: Date.now() + 5000, interrupt: interrupt.signal });
    assert.ok((await timed(sender, '/ok')).result.ok);
    interrupt.abort();
    const { result } = await timed(sender, '/ok');
    assert.equal(!result.ok && result.cutShort, true);
    assert.ok((await timed(sender, '/ok', Date.now() + 5000)).result.ok);
    sender.close();
    assert.equal(sender.count, 2);
  });

  it('the per-request time-out counts to the end of the answer, and is no answer rather than cut short', async () => {
    const sender = createWireSender({ ...plainConnection(baseUrl), timeout: 300 }, { until: Date.now() + 60_000 });
    const { result, ms } = await timed(sender, '/trickle');
    sender.close();
    assert.deepEqual(result, { ok: false, error: `no answer within 300 ms from GET ${baseUrl}/trickle` });
    assert.ok(ms >= 250 && ms < 1500, `${ms} ms`);
  });
});
