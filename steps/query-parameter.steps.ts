import { When } from '@cucumber/cucumber';
import type { ClientIndexKey, Query } from '../src/client/index.js';
import type { PathForm, QueryOperation } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import type { KitWorld } from './world.js';

// Extension (x-decisions query-parameter): the query as ?q=<URL-encoded JSON>, sent by the
// client's queryIn: 'url' exactly as a browser app would send it.

const whereIdIs = (id: string): Query => ({ where: { equals: { target: 'id', expr: id } } });

function madeRecordId(world: KitWorld, index: ClientIndexKey, position: 0 | 1): string {
  const record = world.made(index)[position];
  if (!record) throw new Error(`the scenario has made no ${position === 0 ? 'first' : 'second'} ${index} record`);
  return record.id;
}

When(
  'I read {index} where {string} equals the id of the first, sending the query as q',
  async function (this: KitWorld, index: ClientIndexKey, target: string) {
    const query = { where: { equals: { target, expr: madeRecordId(this, index, 0) } } };
    this.act('q-read');
    await this.call((c) => indexClient(c, index).read({ query, queryIn: 'url' }));
  },
);

When('I read the first of {index} by its id selecting {string}, sending the query as q', async function (this: KitWorld, index: ClientIndexKey, field: string) {
  const id = madeRecordId(this, index, 0);
  this.act('q-read');
  await this.call((c) => indexClient(c, index).read({ id, query: { select: [field] }, queryIn: 'url' }));
});

// The delete of the first record by its id with a where sent as q: query.steps.ts, beside the
// same query sent in the body.

/** Sends a read or delete whose query comes as the raw `search` (and `body`), on the path form given. */
async function sendQ(world: KitWorld, operation: QueryOperation, index: ClientIndexKey, path: PathForm, search: string, body = ''): Promise<void> {
  const id = path === 'record' ? madeRecordId(world, index, 0) : undefined;
  world.act('q-refused');
  await world.sendRaw({ index, method: operation === 'read' ? 'GET' : 'DELETE', id, search, body, contentType: 'application/json' });
}

const q = (id: string): string => `q=${encodeURIComponent(JSON.stringify(whereIdIs(id)))}`;

// The body and q name different records; a server that took either alone would not answer 400.
When(
  'I {query-operation} the {index} at {path} sending one query in the body and another as q',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, path: PathForm) {
    const second = madeRecordId(this, index, 1);
    await sendQ(this, operation, index, path, `?${q(second)}`, JSON.stringify(whereIdIs(`${second}-not-this-one`)));
  },
);

// q given twice: the first names the first record, the second the second; a server that took
// either alone would not answer 400 (and a delete of the first by its id would take it).
When(
  'I {query-operation} the {index} at {path} sending the query as q twice',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, path: PathForm) {
    await sendQ(this, operation, index, path, `?${q(madeRecordId(this, index, 0))}&${q(madeRecordId(this, index, 1))}`);
  },
);

When(
  'I {query-operation} the {index} at {path} sending as q a text that is not JSON',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, path: PathForm) {
    const text = `{where: {equals: {target: id, expr: ${madeRecordId(this, index, 1)}}}}`;
    await sendQ(this, operation, index, path, `?q=${encodeURIComponent(text)}`);
  },
);
