import { When } from '@cucumber/cucumber';
import type { IndexName } from '../src/client/index.js';
import { indexClient } from './support/loose-index-client.js';
import { sampleRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

// seed §7: 415 when the body is not sent as application/json. The body is valid JSON, so the
// media type is the only fault.
When('I create {index} with a new id sent as {string}', async function (this: KitWorld, index: IndexName, contentType: string) {
  const id = this.spareId(index);
  const body = JSON.stringify({ id, ...sampleRecord(index) });
  await this.sendRaw({ index, method: 'POST', body, contentType });
});

// seed §4.2 lists 415 for read as well: a query body sent as another media type is refused.
// A read changes nothing, so this is harmless whatever the server answers.
When('I read {index} with a query sent as {string}', async function (this: KitWorld, index: IndexName, contentType: string) {
  const body = JSON.stringify({ select: ['id'] });
  await this.sendRaw({ index, method: 'GET', body, contentType });
});

// seed §4.2: 400 "request not valid"; the seed does not say which status a broken body gets,
// so the scenario accepts any refusal and checks that nothing was created.
When('I create {index} with a new id in a body that is not valid JSON', async function (this: KitWorld, index: IndexName) {
  const id = this.spareId(index);
  const body = `${JSON.stringify({ id, ...sampleRecord(index) }).slice(0, -1)},`;
  await this.sendRaw({ index, method: 'POST', body, contentType: 'application/json' });
});

// The same two faults on the other operations. Each targets a record of this scenario, so a
// server that ignores the fault (and deletes or changes the record) harms nothing of anyone else's.
When('I delete that record with a query sent as {string}', async function (this: KitWorld, contentType: string) {
  const record = this.lastRecord();
  const body = JSON.stringify({ where: { equals: { target: 'id', expr: record.id } } });
  await this.sendRaw({ index: record.index, method: 'DELETE', id: record.id, body, contentType });
});

When('I update that record with a body that is not valid JSON', async function (this: KitWorld) {
  const record = this.lastRecord();
  const body = `${JSON.stringify({ id: record.id, note: 'must not be stored' }).slice(0, -1)},`;
  await this.sendRaw({ index: record.index, method: 'PUT', id: record.id, body, contentType: 'application/json' });
});

When('I read {index} with a query that is not valid JSON', async function (this: KitWorld, index: IndexName) {
  await this.sendRaw({ index, method: 'GET', body: '{"select": ["id"],', contentType: 'application/json' });
});

// Extension (x-decisions batches): a create body may be a list of records.
When('I create a batch of two {index} with new ids', async function (this: KitWorld, index: IndexName) {
  const records = [0, 1].map((variant) => {
    const id = this.newId(index);
    return this.remember(index, id, { id, ...sampleRecord(index, variant) }).sent;
  });
  await this.call((c) => indexClient(c, index).create(records));
});

When('I create an empty batch of {index}', async function (this: KitWorld, index: IndexName) {
  await this.call((c) => indexClient(c, index).create([]));
});
