import { Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import type { IndexOperation } from './parameter-types.js';
import { envelopeItems } from './support/envelope-items.js';
import { indexClient } from './support/call-outcome.js';
import { extensionState } from './support/record-family.js';
import { sampleRecord } from './support/sample-records.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import { judgeStatus } from './support/judge-status.js';
import type { KitWorld } from './world.js';

// Extension (x-decisions batches): one envelope item per record, the most severe status.

When('I create a batch of {index}: a new record, one under the id of that record, another new record', async function (this: KitWorld, index: ClientIndexKey) {
  const existing = this.latest(index);
  const first = { id: this.newId(index), ...sampleRecord(index, 0) };
  const last = { id: this.newId(index), ...sampleRecord(index, 0) };
  this.remember(index, first.id, first);
  this.remember(index, last.id, last);
  extensionState(this).batchIds = [first.id, existing.id, last.id];
  this.act('batch-items');
  await this.call((c) => indexClient(c, index).create({ body: [first, { id: existing.id, ...sampleRecord(index, 1) }, last] }));
});

// A new record, then a JSON value that is not a record at all.
When('I create a batch of {index}: a new record, then the JSON value {int}', async function (this: KitWorld, index: ClientIndexKey, value: number) {
  const record = { id: this.newId(index), ...sampleRecord(index, 0) };
  this.cleanup.addId(index, record.id);
  this.act('batch-not-a-record');
  await this.call((c) => indexClient(c, index).create({ body: [record, value] }));
});

When('I {operation} a batch of two {index} under a new id in the path', async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey) {
  const id = this.spareId(index);
  const body = [sampleRecord(index, 0), sampleRecord(index, 1)];
  if (operation !== 'create' && operation !== 'update') throw new Error(`a batch goes with create or update, not ${operation}`);
  this.act('batch-path-id');
  await this.call((c) => indexClient(c, index)[operation]({ id, body }));
});

When('I {operation} a batch of {index} naming one id twice', async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey) {
  if (operation !== 'create' && operation !== 'update') throw new Error(`a batch goes with create or update, not ${operation}`);
  const id = operation === 'create' ? this.spareId(index) : this.latest(index).id;
  const body = operation === 'create' ? [0, 1].map((variant) => ({ id, ...sampleRecord(index, variant) })) : ['first', 'second'].map((note) => ({ id, note }));
  this.act('batch-repeated-id');
  await this.call((c) => indexClient(c, index)[operation]({ body }));
});

When('I update a batch of {index}: the first changed, then an id that does not exist', async function (this: KitWorld, index: ClientIndexKey) {
  const [first] = this.made(index);
  const unknown = this.spareId(index);
  first!.sent = { ...first!.sent, note: 'changed by a batch' };
  this.act('batch-items');
  await this.call((c) =>
    indexClient(c, index).update({
      body: [
        { id: first!.id, note: 'changed by a batch' },
        { id: unknown, note: 'must not be stored' },
      ],
    }),
  );
});

When('I update a batch of {index}: the first as it is, then the second changed', async function (this: KitWorld, index: ClientIndexKey) {
  const [first, second] = this.made(index);
  second!.sent = { ...second!.sent, note: 'changed by a batch' };
  this.act('batch-items');
  await this.call((c) =>
    indexClient(c, index).update({
      body: [
        { ...first!.sent, id: first!.id },
        { id: second!.id, note: 'changed by a batch' },
      ],
    }),
  );
});

// x-decisions batches: the HTTP status is the most severe item's; one item per record, in request order.
Then('the response is {int} with the items {string} in request order', function (this: KitWorld, status: number, codes: string) {
  const { outcome, ok } = judgeStatus(this, [status], 'ext-batch-status/status');
  if (!ok) return;
  const items = envelopeItems(this, outcome);
  if (!items) return;
  const want = codes.split(',').map((c) => Number(c.trim()));
  const got = items.map((item) => item.code);
  const flags = items.every((item) => item.error === (typeof item.code === 'number' && item.code >= 400));
  const inOrder = JSON.stringify(got) === JSON.stringify(want);
  this.verify('ext-batch-items/items', inOrder && flags, {
    expected: `items with codes ${JSON.stringify(want)} in request order, error true exactly on the error codes`,
    observed: inOrder ? 'error not true exactly on the error codes' : `codes ${JSON.stringify(got)}`,
    message: `${outcome.operation}: expected items with codes ${JSON.stringify(want)} in request order, error true exactly on those with an error code: ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
});

// x-decisions success-messages: the item of a created record carries its id as a field.
Then('each created item carries the id of its record', function (this: KitWorld) {
  const outcome = this.response();
  if (this.lastAnswer()?.statusFailed) return;
  const items = envelopeItems(this, outcome);
  if (!items) return;
  const ids = extensionState(this).batchIds ?? [this.lastRecord().id];
  const wrong = items.flatMap((item, i) => (item.code === 201 && (item as { id?: unknown }).id !== ids[i] ? [i] : []));
  this.verify('ext-create-item-id/item-id', items.length === ids.length && wrong.length === 0, {
    expected: `${ids.length} item(s), each created one carrying the id of its record`,
    observed:
      items.length !== ids.length
        ? `${items.length} items`
        : `item ${wrong[0]} carries ${JSON.stringify((items[wrong[0] ?? 0] as { id?: unknown }).id) ?? 'no id'}`,
    message: `${outcome.operation}: each created item should carry the id of its record (${JSON.stringify(ids)}): ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
});

Then('the records the batch created can be read as sent', async function (this: KitWorld) {
  const index = this.lastMade!.index;
  for (const record of this.made(index).slice(1)) await checkStoredAsSent(this, record);
});

Then('the {index} record that existed is unchanged', async function (this: KitWorld, index: ClientIndexKey) {
  await checkStoredAsSent(this, this.made(index)[0]!);
});

Then('the {index} named by the batch are as before', async function (this: KitWorld, index: ClientIndexKey) {
  for (const record of this.made(index)) await checkStoredAsSent(this, record);
  const spare = this.spareIds.get(index);
  if (spare !== undefined) await checkAbsent(this, index, spare);
});
