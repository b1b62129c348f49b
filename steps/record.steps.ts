import { expectThat, indexClient, recordsOf } from './support/call-outcome.js';
import { defineParameterType, Then } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { EMPTY_INDEX_STATUSES } from '../src/contract/faithful-answers.js';
import { assertAbsent, assertStoredAsSent } from './support/stored-as-sent.js';
import type { KitWorld } from './world.js';

// §2 rule 3: each create without an id gets an id of its own, so neither record replaced the other.
Then('the two generated ids differ and both records can be read as sent', async function (this: KitWorld) {
  const index = this.lastRecord().index;
  const [first, second] = this.made(index).slice(-2);
  if (!first || !second) throw new Error('the scenario has not created two records');
  expectThat(first.id !== second.id, `both creates without an id got the same id ${first.id}`);
  await assertStoredAsSent(this, first);
  await assertStoredAsSent(this, second);
});

// §4.1 rules 5, 6, 7: the When step recorded what it set in what was sent; every other field,
// and every list entry the update did not name, must be as before.
defineParameterType({
  name: 'kept-as-sent',
  regexp:
    /can be read by its id as sent(?:, with its other actions, parameters and resources kept)?|can be read by its id with "[^"]*" set and its other fields kept|is unchanged/,
});

Then('{index} {kept-as-sent}', async function (this: KitWorld, index: ClientIndexKey, _kept: string) {
  await assertStoredAsSent(this, this.latest(index));
});

// After a 304 or a refusal the record is as it was; after a change it holds what was sent.
Then(/^that record (?:is unchanged|can be read by its id as sent)$/, async function (this: KitWorld) {
  await assertStoredAsSent(this, this.lastRecord());
});

Then('both records can be read by their ids as sent', async function (this: KitWorld) {
  for (const record of this.made(this.lastRecord().index)) await assertStoredAsSent(this, record);
});

Then('no {index}( record) exists under that id', async function (this: KitWorld, index: ClientIndexKey) {
  await assertAbsent(this, index, this.spare(index));
});

// §2 rule 1: id is readonly.
Then('the record still exists under its first id and none under the new id', async function (this: KitWorld) {
  const record = this.lastRecord();
  await assertStoredAsSent(this, record);
  await assertAbsent(this, record.index, this.spare(record.index));
});

Then('only the second record is left', async function (this: KitWorld) {
  const [first, second] = this.made(this.lastRecord().index);
  await assertAbsent(this, first!.index, first!.id);
  await assertStoredAsSent(this, second!);
});

// The first two records shared the value the delete named; the others only resembled it.
Then('only the records with other values are left', async function (this: KitWorld) {
  const [first, second, ...others] = this.made(this.lastRecord().index);
  await assertAbsent(this, first!.index, first!.id);
  await assertAbsent(this, second!.index, second!.id);
  for (const record of others) await assertStoredAsSent(this, record);
});

// faithful-answers empty-index-read: 200 [], 204 or 404.
Then('reading all {index} finds nothing', async function (this: KitWorld, index: ClientIndexKey) {
  const outcome = await this.call((c) => indexClient(c, index).read());
  this.response();
  expectThat(EMPTY_INDEX_STATUSES.includes(outcome.status), `${outcome.operation} answered ${outcome.status} on an empty index`);
  const left = recordsOf(outcome).map((r) => r['id']);
  expectThat(left.length === 0, `${outcome.operation}: the index still holds ${JSON.stringify(left)} after delete without a body`);
  if (outcome.status === 200)
    expectThat(Array.isArray(outcome.data) && outcome.data.length === 0, `${outcome.operation}: expected [], got ${outcome.rawBody.slice(0, 200)}`);
});

// §2.2: ids and exact names of the preloaded types are not fixed; find them by what any of
// id, name or description says, and prefer a record that has all three.
Then('the list holds a point-to-point type and a slice type, each with id, name and description', function (this: KitWorld) {
  const list = recordsOf(this.response());
  const complete = (r: Record<string, unknown>) => ['id', 'name', 'description'].every((f) => typeof r[f] === 'string');
  const find = (pattern: RegExp) => {
    const matching = list.filter((r) => [r['id'], r['name'], r['description']].some((v) => typeof v === 'string' && pattern.test(v)));
    return matching.find(complete) ?? matching[0];
  };
  for (const [label, pattern] of [
    ['point-to-point', /point.?to.?point|p2p/i],
    ['slice', /slice/i],
  ] as const) {
    const type = find(pattern);
    expectThat(type, `no preloaded ${label} link type among ${JSON.stringify(list.map((r) => r['id']))}`);
    for (const field of ['id', 'name', 'description']) {
      expectThat(typeof type[field] === 'string', `the ${label} link type ${JSON.stringify(type)} has no string ${field}`);
    }
  }
});
