import { defineParameterType, When } from '@cucumber/cucumber';
import type { ClientIndexKey, Query } from '../src/client/index.js';
import { indexFromWords, type PathForm, type QueryOperation } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import type { KitWorld } from './world.js';

const where = (target: string, expr: string): Query => ({ where: { equals: { target, expr } } });

function firstRecordId(world: KitWorld, index: ClientIndexKey): string {
  const first = world.made(index)[0];
  if (!first) throw new Error(`the scenario has made no ${index} record`);
  return first.id;
}

function sharedValue(world: KitWorld, field: string): string {
  if (world.shared?.field !== field) throw new Error(`no records share a value of ${field}`);
  return world.shared.value;
}

// §4.1 rule 2: read without a body returns every record.
When('I read all {index}', async function (this: KitWorld, index: ClientIndexKey) {
  this.act('read-all');
  await this.call((c) => indexClient(c, index).read());
});

When('I {query-operation} the first of {index} by its id', async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey) {
  const id = firstRecordId(this, index);
  await this.call((c) => indexClient(c, index)[operation]({ id }));
});

// §7: 404 on read and delete means nothing matches; a spare id of this run names nothing.
When('I {query-operation} {index} by an id that does not exist', async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey) {
  const id = this.spareId(index);
  await this.call((c) => indexClient(c, index)[operation]({ id }));
});

/** The value a where names, as a step says it. */
const WHERE_VALUES = {
  'the id of the first': (world: KitWorld, index: ClientIndexKey) => firstRecordId(world, index),
  'the shared value': (world: KitWorld, _index: ClientIndexKey, target: string) => sharedValue(world, target),
  'an unknown id': (world: KitWorld, index: ClientIndexKey) => world.spareId(index),
};

defineParameterType({ name: 'where-value', regexp: /the id of the first|the shared value|an unknown id/ });

When(
  'I {query-operation} {index} where {string} equals {where-value}',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, target: string, value: keyof typeof WHERE_VALUES) {
    const query = where(target, WHERE_VALUES[value](this, index, target));
    this.act(operation === 'read' ? 'read-where' : 'delete-where');
    await this.call((c) => indexClient(c, index)[operation]({ query }));
  },
);

// §4.1 rule 8: select takes field names of the index, on both path forms. On {base} a where
// names the first record, on {base}/{id} the path does.
When('I read the first of {index} at {path} selecting {string}', async function (this: KitWorld, index: ClientIndexKey, path: PathForm, fields: string) {
  const select = fields.split(',').map((field) => field.trim());
  const id = firstRecordId(this, index);
  const call = path === 'record' ? { id, query: { select } } : { query: { ...where('id', id), select } };
  this.act('read-select');
  await this.call((c) => indexClient(c, index).read(call));
});

// §4.1: a read or delete on {base}/{id} takes the query body too; the where must hold for the
// record the path names. The extension sends the same query as ?q= (x-decisions query-parameter).
When(
  /^I (read|delete) the first of (.+) by its id where "id" equals the id of the (first|second)(, sending the query as q)?$/,
  async function (this: KitWorld, operation: QueryOperation, words: string, which: 'first' | 'second', asQ: string | undefined) {
    const index = indexFromWords(words);
    const [first, second] = this.made(index);
    const named = which === 'first' ? first : second;
    if (!first || !named) throw new Error(`the scenario has made no ${which} ${index} record`);
    this.act(asQ ? (operation === 'read' ? 'q-read' : 'q-delete') : operation === 'read' ? 'read-where' : 'delete-where');
    await this.call((c) => indexClient(c, index)[operation]({ id: first.id, query: where('id', named.id), ...(asQ ? { queryIn: 'url' as const } : {}) }));
  },
);

// §4.1 rule 1: delete without a body removes every record (only in @destructive scenarios).
When('I delete all {index} without a body', async function (this: KitWorld, index: ClientIndexKey) {
  if (!this.snapshot?.has(index))
    throw new Error(`refusing to delete all ${index} without a snapshot of them (tag the scenario @destructive, and @wipes.<index> if it names one)`);
  this.act('delete-all');
  await this.call((c) => indexClient(c, index).delete());
});
