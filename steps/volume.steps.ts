import { randomBytes } from 'node:crypto';
import { Given, Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { READ_NOTHING_STATUSES } from '../src/contract/faithful-answers.js';
import { observedAnswer } from '../src/target/conformance/normalise-observed.js';
import { findSentMismatch } from './support/contains-sent.js';
import { indexClient, isTaken, recordsOf, type CallOutcome } from './support/call-outcome.js';
import type { SetupProblem } from './support/establish.js';
import { readStored } from './support/stored-as-sent.js';
import { sightingOf } from './support/sighting-cache.js';
import { judgeStatus } from './support/judge-status.js';
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

const whereBatch = (batch: Batch) => ({ where: { equals: { target: VOLUME_FIELD, expr: batch.value } } });

/** Runs `task` on every item, CREATE_CONCURRENCY at a time, until one returns a problem. */
async function eachAtOnce<T>(items: readonly T[], task: (item: T) => Promise<SetupProblem | undefined>): Promise<SetupProblem | undefined> {
  const pending = [...items];
  let problem: SetupProblem | undefined;
  const next = async (): Promise<void> => {
    for (let item = pending.shift(); item !== undefined && !problem; item = pending.shift()) problem ??= await task(item);
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, next));
  return problem;
}

// §4.1 rule 2 with more records than any page size a store or framework defaults to (10, 20, 25,
// 50, 100, 250): one create per record, each taken with any success (lenient setup); one that is
// not blocks the scenario. They are proven stored by one read where the batch field equals the
// batch value, and the records it does not list (a where that pages or fails) by their ids: one
// that cannot be found blocks the scenario. The batch is registered for clean-up by its value,
// not by 260 ids, so the look before and after each action step is one read.
Given('{int} {index} of one batch exist', async function (this: KitWorld, count: number, index: ClientIndexKey) {
  const value = `${this.kit.runPrefix}batch-${randomBytes(4).toString('hex')}`;
  this.cleanup.addMarker(index, VOLUME_FIELD, value);
  const batch: Batch = { index, value, records: new Map() };
  batches.set(this, batch);
  for (let n = 0; n < count; n++) {
    const id = this.newId(index);
    batch.records.set(id, { id, ...volumeRecord(index, n), [VOLUME_FIELD]: value });
  }
  const createStatus = new Map<unknown, number>();
  const created = await eachAtOnce([...batch.records.values()], async (sent) => {
    const outcome = await this.call((c) => indexClient(c, index).create({ body: sent }), { role: 'setup' });
    createStatus.set(sent['id'], outcome.status);
    if (isTaken(outcome)) return undefined;
    return {
      id: 'setup/create',
      details: {
        observed: observedAnswer(outcome.status, outcome.rawBody),
        message: `could not create the ${index} record ${String(sent['id'])}, one of the ${count} the scenario needs: ${outcome.operation} answered ${outcome.status} ${outcome.rawBody.slice(0, 200)}`,
        outcome,
      },
    };
  });
  if (created) this.block(created.id, created.details);
  const stamp = this.sightings.stamp();
  const listed = await this.call((c) => indexClient(c, index).read({ query: whereBatch(batch) }), { role: 'setup', observes: true });
  // The same request as the look at the batch's marker before the next action: it may take it from here (sighting-cache.ts).
  this.sightings.fill(sightingOf({ index, where: whereBatch(batch).where.equals }, listed), stamp);
  const found = new Set(recordsOf(listed).map((record) => record['id']));
  const unlisted = [...batch.records.keys()].filter((id) => !found.has(id));
  const stored = await eachAtOnce(unlisted, async (id) => {
    const { record, readable, outcome } = await readStored(this, index, id, 'setup');
    if (record !== undefined) return undefined;
    return {
      id: 'setup/read-back',
      details: {
        observed: readable ? `${createStatus.get(id)}, then not found` : `${createStatus.get(id)}, then read answered ${outcome.status}`,
        message: `the ${index} record ${id}, one of the ${count} the scenario needs, was created, but reading it by its id answered ${outcome.status} ${outcome.rawBody.slice(0, 200)}`,
        outcome,
      },
    };
  });
  if (stored) this.block(stored.id, stored.details);
  const other = [...createStatus.values()].find((status) => status !== 201);
  if (other !== undefined) this.setupSaw(`the creates answered ${other} (the description: 201); every record of the batch reads back`);
});

// Safe on real data: the expr carries the run prefix, so the where names only this batch.
When(
  'I {query-operation} {index} where the batch field equals the batch value',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey) {
    this.act(operation === 'read' ? 'volume-where' : 'volume-delete');
    await this.call((c) => indexClient(c, index)[operation]({ query: whereBatch(batchOf(this)) }));
  },
);

/** Every record of the batch is in the 200 list, as sent; with `exactly`, nothing else either. */
function checkHoldsBatch(world: KitWorld, outcome: CallOutcome, batch: Batch, exactly: boolean): void {
  const list = recordsOf(outcome);
  const byId = new Map(list.map((record) => [record['id'], record]));
  const missing = [...batch.records.keys()].filter((id) => !byId.has(id));
  const differing = [...batch.records].filter(([id, sent]) => byId.has(id) && findSentMismatch(byId.get(id), sent) !== undefined);
  const others = exactly ? list.filter((record) => typeof record['id'] !== 'string' || !batch.records.has(record['id'])) : [];
  const problems = [
    missing.length > 0 ? 'records of the batch missing' : '',
    differing.length > 0 ? 'records differing from what was sent' : '',
    others.length > 0 ? 'other records listed' : '',
  ].filter(Boolean);
  world.verify('4.1-volume/records-listed', problems.length === 0, {
    expected: `${exactly ? 'exactly ' : 'every one of '}the ${batch.records.size} records of the batch, as sent`,
    observed: problems.join('; '),
    message:
      `${outcome.operation}: the list of ${list.length} records lacks ${missing.length} of the ${batch.records.size} records of the batch (e.g. ${missing[0]}), ` +
      `${differing.length} differ from what was sent (e.g. ${differing[0]?.[0]}), ${others.length} others are listed: ` +
      'every record counts, whatever the number (§4.1 rule 2; page sizes are not shown, §8, so none may cut the answer short)',
    outcome,
  });
}

Then(/^the list holds (every record|exactly the records) of the batch as sent$/, function (this: KitWorld, which: string) {
  const { outcome, ok } = judgeStatus(this, [200]);
  if (ok) checkHoldsBatch(this, outcome, batchOf(this), which === 'exactly the records');
});

// After the delete by where: neither that where nor a read of the whole index finds one of them.
Then('no record of the batch is left', async function (this: KitWorld) {
  const batch = batchOf(this);
  const answer = this.lastAnswer();
  if (answer?.statusFailed && (answer.outcome.status < 200 || answer.outcome.status >= 300)) return;
  const byWhere = await this.call((c) => indexClient(c, batch.index).read({ query: whereBatch(batch) }), { role: 'check' });
  const all = await this.call((c) => indexClient(c, batch.index).read(), { role: 'check' });
  for (const outcome of [byWhere, all]) {
    const readable = [200, ...READ_NOTHING_STATUSES].includes(outcome.status);
    const left = recordsOf(outcome).filter((record) => typeof record['id'] === 'string' && batch.records.has(record['id']));
    this.verify('4.1-volume/removed', readable && left.length === 0, {
      expected: 'no record of the batch',
      observed: readable ? 'records of the batch left' : `read answered ${outcome.status}`,
      message: readable
        ? `${outcome.operation}: ${left.length} of the ${batch.records.size} records the delete by where was taken for are still there, e.g. ${String(left[0]?.['id'])}`
        : `${outcome.operation} answered ${outcome.status} after the delete: ${outcome.rawBody.slice(0, 200)}`,
      outcome,
    });
  }
});
