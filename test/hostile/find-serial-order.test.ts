import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreRequest } from '../../src/server/core/core-types.js';
import { findSerialOrder } from './find-serial-order.js';

const json = { 'content-type': 'application/json' };
const create = (id: string, v: number): CoreRequest => ({ method: 'POST', path: `/event/${id}`, headers: json, body: JSON.stringify({ v }) });
const update = (id: string, v: number): CoreRequest => ({ method: 'PUT', path: `/event/${id}`, headers: json, body: JSON.stringify({ v }) });
const remove = (id: string): CoreRequest => ({ method: 'DELETE', path: `/event/${id}`, headers: json });

describe('findSerialOrder: concurrent answers checked against the model', () => {
  it('finds the order of an update that came before a delete', async () => {
    const order = await findSerialOrder(
      { event: [{ id: 'a', v: 0 }] },
      [
        { request: remove('a'), status: 205 },
        { request: update('a', 1), status: 200 },
      ],
      { event: [] },
    );
    assert.deepEqual(order, [1, 0]);
  });

  it('accepts two creates of one id only as one 201 and one 406', async () => {
    const ops = [
      { request: create('a', 1), status: 201 },
      { request: create('a', 2), status: 406 },
    ];
    assert.deepEqual(await findSerialOrder({}, ops, { event: [{ id: 'a', v: 1 }] }), [0, 1]);
    const both = ops.map((op) => ({ ...op, status: 201 }));
    assert.equal(await findSerialOrder({}, both, { event: [{ id: 'a', v: 2 }] }), undefined, 'two 201s: no serial order does that');
  });

  it("refuses a lost update: both updates answered 200, but the final value is neither order's", async () => {
    const ops = [
      { request: update('a', 1), status: 200 },
      { request: update('a', 2), status: 200 },
    ];
    assert.ok(await findSerialOrder({ event: [{ id: 'a', v: 0 }] }, ops, { event: [{ id: 'a', v: 2 }] }));
    assert.equal(await findSerialOrder({ event: [{ id: 'a', v: 0 }] }, ops, { event: [{ id: 'a', v: 0 }] }), undefined);
  });

  it('refuses a record deleted twice', async () => {
    const ops = [
      { request: remove('a'), status: 205 },
      { request: remove('a'), status: 205 },
    ];
    assert.equal(await findSerialOrder({ event: [{ id: 'a' }] }, ops, { event: [] }), undefined);
  });

  it('stays fast on 40 overlapping operations over three ids', async () => {
    const ids = ['a', 'b', 'c'];
    const ops = Array.from({ length: 40 }, (_, i) => ({ request: update(ids[i % 3]!, i), status: 200 }));
    const final = { event: ids.map((id, k) => ({ id, v: 39 - ((39 - k) % 3) })) };
    const started = performance.now();
    assert.ok(await findSerialOrder({ event: ids.map((id) => ({ id, v: -1 })) }, ops, final));
    assert.ok(performance.now() - started < 5000);
  });
});
