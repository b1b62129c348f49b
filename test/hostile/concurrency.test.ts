// Concurrency against both of our servers: 200 creates of one id race, and concurrent
// updates, deletes and creates from many connections must leave what some serial order leaves —
// checked with the fuzzer's model (findSerialOrder feeds the reference core every order it needs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findSerialOrder, type ObservedOperation } from './find-serial-order.js';
import type { CoreRequest } from '../../src/server/core/core-types.js';
import { ID_ALREADY_FOUND } from '../../src/server/core/messages.js';
import { startMswTarget, startReferenceTarget, type HostileTarget } from './hostile-target.js';

const JSON_TYPE = { 'content-type': 'application/json' };

for (const start of [startReferenceTarget, startMswTarget]) {
  describe(`concurrency: ${start === startReferenceTarget ? 'reference server (node:http)' : 'msw handlers'}`, () => {
    let target: HostileTarget;
    before(async () => (target = await start()));
    after(() => target.close());

    it('200 concurrent creates of one id → exactly one 201 and 199 × 406; the stored record is one whole body', async () => {
      const bodies = Array.from({ length: 200 }, (_, i) => ({
        sender: i,
        text: `from-${i}-`.repeat(1 + (i % 7)),
        list: [i, i + 1, i + 2],
        nested: { sender: i },
      }));
      const answers = await Promise.all(bodies.map((body) => target.send('POST', '/event/raced', { json: body })));
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
      assert.equal(statuses.filter((s) => s === 406).length, 199);
      for (const refused of answers.filter((a) => a.status === 406)) assert.equal((refused.body as Array<{ message: unknown }>)[0]!.message, ID_ALREADY_FOUND);
      const stored = ((await target.send('GET', '/event/raced')).body as Array<{ sender: number }>)[0]!;
      const winner = answers.findIndex((a) => a.status === 201);
      assert.deepEqual(stored, { id: 'raced', ...bodies[winner] }, "the stored record is the 201 sender's whole body");
    });

    it('concurrent updates, deletes and creates match some serial order of the model', async () => {
      const ids = ['c0', 'c1', 'c2'];
      for (const id of ids) assert.equal((await target.send('POST', `/event/${id}`, { json: { v: -1 } })).status, 201);
      // 45 operations on three records: updates to distinct values, deletes, creates again.
      const requests: CoreRequest[] = Array.from({ length: 45 }, (_, i) => {
        const id = ids[i % 3]!;
        if (i % 5 === 3) return { method: 'DELETE', path: `/event/${id}`, headers: JSON_TYPE };
        if (i % 5 === 4) return { method: 'POST', path: `/event/${id}`, headers: JSON_TYPE, body: JSON.stringify({ v: i, again: true }) };
        return { method: 'PUT', path: `/event/${id}`, headers: JSON_TYPE, body: JSON.stringify({ v: i }) };
      });
      const answers = await Promise.all(requests.map((r) => target.send(r.method, r.path, r.body === undefined ? {} : { raw: r.body })));
      // Operations on different records commute, so each record's operations are checked on their own.
      for (const id of ids) {
        const observed: ObservedOperation[] = requests.flatMap((request, i) =>
          request.path === `/event/${id}` ? [{ request, status: answers[i]!.status }] : [],
        );
        const read = await target.send('GET', `/event/${id}`);
        const final = { event: read.status === 200 ? (read.body as Array<{ id: string }>) : [] };
        const order = await findSerialOrder({ event: [{ id, v: -1 }] }, observed, final);
        const story = observed.map((o) => `${o.request.method} ${o.request.body ?? ''} → ${o.status}`).join('; ');
        assert.ok(order, `${id}: no serial order explains ${story}, ending in ${JSON.stringify(final)}`);
        assert.equal(order.length, observed.length);
      }
    });
  });
}
