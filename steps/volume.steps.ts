import { randomBytes } from 'node:crypto';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { READ_NOTHING_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { expectThat, indexClient, recordsOf, type CallOutcome } from './support/call-outcome.js';
import type { JsonRecord } from './support/sample-records.js';
import type { QueryOperation } from './parameter-types.js';
import type { KitWorld } from './world.js';

/** The extra field (§2 rule 4) every record of a volume batch carries, with one value per batch. */
const VOLUME_FIELD = 'volume_batch';

/**
 * A small valid record of the index, numbered: what a deployment holds by the hundred. Only the
 * fields an index requires (a link type's name, §2.2) and a number; every one is distinct.
 */
function volumeRecord(index: ClientIndexKey, n: number): JsonRecord {
  switch (index) {
    case 'events':
      return { kind: 'volume', n };
    case 'networkLinkTypes':
      return { name: `Volume link ${n}`, n };
    case 'agents':
      return { n };
  }
}

/** The records of one batch: they all carry VOLUME_FIELD = value, so one where names them all. */
interface Batch {
  index: ClientIndexKey;
  value: string;
  records: Map<string, JsonRecord>;
}

const batches = new WeakMap<KitWorld, Batch>();

function batchOf(world: KitWorld): Batch {
  const batch = batches.get(world);
  if (!batch) throw new Error('the scenario has made no batch of records');
  return batch;
}

/** Creates in flight at once: the connection paces them (--rate), eight keep a distant target busy. */
const CREATE_CONCURRENCY = 8;

// §4.1 rule 2 with more records than any page size a store or framework defaults to (10, 20, 25,
// 50, 100, 250): one create per record. The batch is registered for clean-up by its value, not by
// 260 ids, so the look before and after each action step is one read.
Given('{int} {index} of one batch exist', async function (this: KitWorld, count: number, index: ClientIndexKey) {
  const value = `${this.kit.runPrefix}batch-${randomBytes(4).toString('hex')}`;
  this.cleanup.addMarker(index, VOLUME_FIELD, value);
  const batch: Batch = { index, value, records: new Map() };
  batches.set(this, batch);
  const pending = Array.from({ length: count }, (_, n) => n);
  const failed: string[] = [];
  const createNext = async (): Promise<void> => {
    for (let n = pending.shift(); n !== undefined; n = pending.shift()) {
      const id = this.newId(index);
      const sent = { id, ...volumeRecord(index, n), [VOLUME_FIELD]: value };
      batch.records.set(id, sent);
      const outcome = await this.call((c) => indexClient(c, index).create({ body: sent }));
      this.response();
      if (outcome.status !== 201) failed.push(`${id}: ${outcome.status} ${outcome.rawBody.slice(0, 120)}`);
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, createNext));
  if (failed.length > 0) throw new Error(`could not create the ${count} ${index} records the scenario needs (${failed.length} failed), e.g. ${failed[0]}`);
});

const whereBatch = (batch: Batch) => ({ where: { equals: { target: VOLUME_FIELD, expr: batch.value } } });

// Safe on real data: the expr carries the run prefix, so the where names only this batch.
When(
  'I {query-operation} {index} where the batch field equals the batch value',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey) {
    await this.call((c) => indexClient(c, index)[operation]({ query: whereBatch(batchOf(this)) }));
  },
);

/** Every record of the batch is in the 200 list, as sent; with `exactly`, nothing else either. */
function assertHoldsBatch(outcome: CallOutcome, batch: Batch, exactly: boolean): void {
  expectThat(
    outcome.status === 200,
    `${outcome.operation} answered ${outcome.status}, expected 200 with the ${batch.records.size} records: ${outcome.rawBody.slice(0, 200)}`,
  );
  const list = recordsOf(outcome);
  const byId = new Map(list.map((record) => [record['id'], record]));
  const missing = [...batch.records.keys()].filter((id) => !byId.has(id));
  expectThat(
    missing.length === 0,
    `${outcome.operation}: the list of ${list.length} records lacks ${missing.length} of the ${batch.records.size} records of the batch (e.g. ${missing[0]}): ` +
      'every record counts, whatever the number (§4.1 rule 2; page sizes are not shown, §8, so none may cut the answer short)',
  );
  for (const [id, sent] of batch.records) {
    const mismatch = findSentMismatch(byId.get(id), sent);
    expectThat(mismatch === undefined, `${outcome.operation}: record ${id} differs from what was sent at ${mismatch}`);
  }
  if (!exactly) return;
  const others = list.filter((record) => typeof record['id'] !== 'string' || !batch.records.has(record['id']));
  expectThat(
    others.length === 0,
    `${outcome.operation}: the where matches only the batch, yet the list holds ${others.length} other records, e.g. ${(JSON.stringify(others[0]) ?? '').slice(0, 200)}`,
  );
}

Then(/^the list holds (every record|exactly the records) of the batch as sent$/, function (this: KitWorld, which: string) {
  assertHoldsBatch(this.response(), batchOf(this), which === 'exactly the records');
});

// After the delete by where: neither that where nor a read of the whole index finds one of them.
Then('no record of the batch is left', async function (this: KitWorld) {
  const batch = batchOf(this);
  const byWhere = await this.call((c) => indexClient(c, batch.index).read({ query: whereBatch(batch) }));
  this.response();
  const all = await this.call((c) => indexClient(c, batch.index).read());
  this.response();
  for (const outcome of [byWhere, all]) {
    expectThat(
      [200, ...READ_NOTHING_STATUSES].includes(outcome.status),
      `${outcome.operation} answered ${outcome.status} after the delete: ${outcome.rawBody.slice(0, 200)}`,
    );
    const left = recordsOf(outcome).filter((record) => typeof record['id'] === 'string' && batch.records.has(record['id']));
    expectThat(
      left.length === 0,
      `${outcome.operation}: ${left.length} of the ${batch.records.size} records the delete by where answered 205 for are still there, e.g. ${String(left[0]?.['id'])}`,
    );
  }
});
