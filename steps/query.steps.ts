import { When } from '@cucumber/cucumber';
import type { IndexName, Query } from '../src/client/index.js';
import { indexClient } from './support/loose-index-client.js';
import type { KitWorld } from './world.js';

const where = (target: string, expr: string): Query => ({ where: { equals: { target, expr } } });

function firstRecordId(world: KitWorld, index: IndexName): string {
  const first = world.made(index)[0];
  if (!first) throw new Error(`the scenario has made no ${index} record`);
  return first.id;
}

function sharedValue(world: KitWorld, field: string): string {
  if (world.shared?.field !== field) throw new Error(`no records share a value of ${field}`);
  return world.shared.value;
}

// seed §4.1 rule 2: read without a body returns every record.
When('I read all {index}', async function (this: KitWorld, index: IndexName) {
  await this.call((c) => indexClient(c, index).read());
});

When('I read the first of {index} by its id', async function (this: KitWorld, index: IndexName) {
  const id = firstRecordId(this, index);
  await this.call((c) => indexClient(c, index).read({ id }));
});

// seed §7: 404 on read and delete means nothing matches; a spare id of this run names nothing.
When('I read {index} by an id that does not exist', async function (this: KitWorld, index: IndexName) {
  const id = this.spareId(index);
  await this.call((c) => indexClient(c, index).read({ id }));
});

When('I delete {index} by an id that does not exist', async function (this: KitWorld, index: IndexName) {
  const id = this.spareId(index);
  await this.call((c) => indexClient(c, index).delete({ id }));
});

When('I read {index} where {string} equals the id of the first', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, firstRecordId(this, index));
  await this.call((c) => indexClient(c, index).read({ query }));
});

// seed §4.1 rule 8: select takes field names of the index.
When(
  'I read {index} where {string} equals the id of the first, selecting {string}',
  async function (this: KitWorld, index: IndexName, target: string, fields: string) {
    const select = fields.split(',').map((field) => field.trim());
    const query = { ...where(target, firstRecordId(this, index)), select };
    await this.call((c) => indexClient(c, index).read({ query }));
  },
);

When('I read {index} where {string} equals the shared value', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, sharedValue(this, target));
  await this.call((c) => indexClient(c, index).read({ query }));
});

When('I read {index} where {string} equals an unknown id', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, this.spareId(index));
  await this.call((c) => indexClient(c, index).read({ query }));
});

When('I delete the first of {index} by its id', async function (this: KitWorld, index: IndexName) {
  const id = firstRecordId(this, index);
  await this.call((c) => indexClient(c, index).delete({ id }));
});

When('I delete {index} where {string} equals the id of the first', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, firstRecordId(this, index));
  await this.call((c) => indexClient(c, index).delete({ query }));
});

When('I delete {index} where {string} equals the shared value', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, sharedValue(this, target));
  await this.call((c) => indexClient(c, index).delete({ query }));
});

When('I delete {index} where {string} equals an unknown id', async function (this: KitWorld, index: IndexName, target: string) {
  const query = where(target, this.spareId(index));
  await this.call((c) => indexClient(c, index).delete({ query }));
});

// seed §4.1 rule 1: delete without a body removes every record (only in @destructive scenarios).
When('I delete all {index} without a body', async function (this: KitWorld, index: IndexName) {
  if (!this.snapshot) throw new Error('refusing to delete a whole index without a snapshot (tag the scenario @destructive)');
  await this.call((c) => indexClient(c, index).delete());
});
