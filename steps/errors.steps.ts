import { Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { METHOD_OF, type IndexOperation, type PathForm } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import { sampleRecord } from './support/sample-records.js';
import type { KitWorld, RawRequest } from './world.js';

/**
 * The request of one operation on one path form, aimed so that a server which wrongly lets it
 * through harms nothing of anyone else's: create and update name a spare id of this run or the
 * scenario's own record, read changes nothing, delete names the scenario's record. The body is
 * valid JSON; the caller may spoil it.
 */
type HarmlessRequest = Omit<RawRequest, 'contentType'>;

function harmlessRequest(world: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm): HarmlessRequest {
  const record = world.latest(index);
  const method = METHOD_OF[operation];
  const byId = (id: string) => (path === 'record' ? { id } : {});
  switch (operation) {
    case 'create': {
      const id = world.spareId(index);
      const body = path === 'record' ? sampleRecord(index) : { id, ...sampleRecord(index) };
      return { index, method, ...byId(id), body: JSON.stringify(body) };
    }
    case 'read':
      return { index, method, ...byId(record.id), body: JSON.stringify({ select: ['id'] }) };
    case 'update':
      return { index, method, ...byId(record.id), body: JSON.stringify({ id: record.id, note: 'must not be stored' }) };
    case 'delete':
      if (path === 'base') throw new Error('a delete on {base} with a refused body is never sent: a server that dropped the body would empty the index');
      return { index, method, id: record.id, body: JSON.stringify({ where: { equals: { target: 'id', expr: record.id } } }) };
  }
}

// §7: 415 when the body is not sent as application/json. The body is valid JSON, so the
// media type is the only fault.
When(
  'I {operation} {index} at {path} with a body sent as {string}',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm, contentType: string) {
    const request = harmlessRequest(this, operation, index, path);
    this.act('media-type-refused');
    await this.sendRaw({ ...request, contentType });
  },
);

// §4.2: 400 "request not valid"; the description does not say which status a broken body gets.
When(
  'I {operation} {index} at {path} with a body that is not valid JSON',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm) {
    const request = harmlessRequest(this, operation, index, path);
    this.act('malformed-body');
    await this.sendRaw({ ...request, body: `${request.body.slice(0, -1)},`, contentType: 'application/json' });
  },
);

// §4.1: a create or update body is a record, a JSON object (create: "a JSON record"; update:
// "JSON holding the id of the record to change and the fields to set"); a number, a string or a
// boolean is valid JSON but no record, so the request is not valid (§4.2: 400). The body replaces
// the harmless request's record, so nothing in it names an id; on {base}/{id} the path names the
// spare id (create) or the scenario's record (update).
When(
  'I {operation} {index} at {path} with the JSON body {string}',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm, json: string) {
    if (operation !== 'create' && operation !== 'update') throw new Error(`${operation} takes a query body, not a record: only create and update send one`);
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object') throw new Error(`the JSON body must be a number, a string or a boolean, not ${json}`);
    const request = harmlessRequest(this, operation, index, path);
    this.act('malformed-body');
    await this.sendRaw({ ...request, body: json, contentType: 'application/json' });
  },
);

// The refused request created nothing (no record under the spare id it named) and left the
// scenario's record as it was.
Then('nothing was created and that record is unchanged', async function (this: KitWorld) {
  const record = this.lastRecord();
  const spare = this.spareIds.get(record.index);
  if (spare !== undefined) await checkAbsent(this, record.index, spare);
  await checkStoredAsSent(this, record);
});

// Extension (x-decisions batches): a create body may be a list of records.
When('I create a batch of two {index} with new ids', async function (this: KitWorld, index: ClientIndexKey) {
  const records = [0, 1].map((variant) => {
    const id = this.newId(index);
    return this.remember(index, id, { id, ...sampleRecord(index, variant) }).sent;
  });
  this.act('batch-create');
  await this.call((c) => indexClient(c, index).create({ body: records }));
});

When('I create an empty batch of {index}', async function (this: KitWorld, index: ClientIndexKey) {
  await this.call((c) => indexClient(c, index).create({ body: [] }));
});
