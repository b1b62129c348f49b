import { indexClient, recordsOf } from './support/call-outcome.js';
import { defineParameterType, Then } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { EMPTY_INDEX_STATUSES } from '../src/contract/faithful-answers.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import { isSuccess } from './support/judge-status.js';
import type { KitWorld, ScenarioRecord } from './world.js';

/**
 * The record of that index the scenario made last, for a Then step; undefined when the create
 * that was to make it failed a check already (the record of a create without an id is learnt
 * from the target), so the check that needs it is not recorded.
 */
function recordToCheck(world: KitWorld, index: ClientIndexKey): ScenarioRecord | undefined {
  const record = world.records.get(index)?.at(-1);
  if (record || world.checks.failed().length > 0) return record;
  throw new Error(`the scenario has made no ${index} record yet`);
}

// §2 rule 3: each create without an id gets an id of its own, so neither record replaced the other.
Then('the two generated ids differ and both records can be read as sent', async function (this: KitWorld) {
  const index = this.lastMade?.index;
  const [first, second] = index === undefined ? [] : this.made(index).slice(-2);
  if (!first || !second) {
    if (this.checks.failed().length > 0) return;
    throw new Error('the scenario has not created two records');
  }
  this.verify('2-rule-3/generated-ids-differ', first.id !== second.id, {
    expected: 'two different ids',
    observed: 'the same id twice',
    message: `both creates without an id got the same id ${first.id}`,
  });
  await checkStoredAsSent(this, first);
  await checkStoredAsSent(this, second);
});

// §4.1 rules 5, 6, 7: the When step recorded what it set in what was sent; every other field,
// and every list entry the update did not name, must be as before.
defineParameterType({
  name: 'kept-as-sent',
  regexp:
    /can be read by its id as sent(?:, with its other actions, parameters and resources kept)?|can be read by its id with "[^"]*" set and its other fields kept|is unchanged/,
});

Then('{index} {kept-as-sent}', async function (this: KitWorld, index: ClientIndexKey, _kept: string) {
  const record = recordToCheck(this, index);
  if (record) await checkStoredAsSent(this, record);
});

// After a 304 or a refusal the record is as it was; after a change it holds what was sent.
Then(/^that record (?:is unchanged|can be read by its id as sent)$/, async function (this: KitWorld) {
  await checkStoredAsSent(this, this.lastRecord());
});

Then('both records can be read by their ids as sent', async function (this: KitWorld) {
  for (const record of this.made(this.lastRecord().index)) await checkStoredAsSent(this, record);
});

Then('no {index}( record) exists under that id', async function (this: KitWorld, index: ClientIndexKey) {
  await checkAbsent(this, index, this.spare(index));
});

// §2 rule 1: id is readonly. Whatever the answer (a refusal, or the new id ignored), the record
// stays under its first id and none appears under the new one.
Then('the record still exists under its first id and none under the new id', async function (this: KitWorld) {
  const record = this.lastRecord();
  await checkStoredAsSent(this, record, { id: '2-rule-1/id-kept', unchanged: true });
  await checkAbsent(this, record.index, this.spare(record.index), { id: '2-rule-1/id-kept', unchanged: true });
});

Then('only the second record is left', async function (this: KitWorld) {
  const [first, second] = this.made(this.lastRecord().index);
  await checkAbsent(this, first!.index, first!.id);
  await checkStoredAsSent(this, second!);
});

// The first two records shared the value the delete named; the others only resembled it.
Then('only the records with other values are left', async function (this: KitWorld) {
  const [first, second, ...others] = this.made(this.lastRecord().index);
  await checkAbsent(this, first!.index, first!.id);
  await checkAbsent(this, second!.index, second!.id);
  for (const record of others) await checkStoredAsSent(this, record);
});

// §4.1 rule 1 with faithful-answers empty-index-read: 200 [], 204 or 404.
Then('reading all {index} finds nothing', async function (this: KitWorld, index: ClientIndexKey) {
  // A delete the target did not take was judged by the status check before.
  const answer = this.lastAnswer();
  if (answer?.statusFailed && !isSuccess(answer.outcome.status)) return;
  const outcome = await this.call((c) => indexClient(c, index).read(), { role: 'check' });
  const left = recordsOf(outcome).map((r) => r['id']);
  const empty =
    EMPTY_INDEX_STATUSES.includes(outcome.status) &&
    left.length === 0 &&
    (outcome.status !== 200 || (Array.isArray(outcome.data) && outcome.data.length === 0));
  this.verify('4.1-rule-1/removed', empty, {
    expected: 'an empty index (200 [], 204 or 404)',
    observed: left.length > 0 ? 'records left' : `read answered ${outcome.status}${outcome.status === 200 ? ` ${outcome.rawBody.slice(0, 40)}` : ''}`,
    message: `${outcome.operation} answered ${outcome.status} after delete without a body: the index still holds ${JSON.stringify(left).slice(0, 200)} (${outcome.rawBody.slice(0, 200)})`,
    outcome,
  });
});

// §2.2: ids and exact names of the preloaded types are not fixed; find them by what any of
// id, name or description says, and prefer a record that has all three.
Then('the list holds a point-to-point type and a slice type, each with id, name and description', function (this: KitWorld) {
  if (this.lastAnswer()?.statusFailed) return;
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
    const missing = type ? ['id', 'name', 'description'].filter((field) => typeof type[field] !== 'string') : [];
    this.verify('2.2-preload/types-listed', type !== undefined && missing.length === 0, {
      expected: 'a point-to-point type and a slice type, each with a string id, name and description',
      observed: type ? `the ${label} type without ${missing.join(', ')}` : `no ${label} type`,
      message: type
        ? `the ${label} link type ${JSON.stringify(type)} has no string ${missing.join(', ')}`
        : `no preloaded ${label} link type among ${JSON.stringify(list.map((r) => r['id']))}`,
    });
  }
});
