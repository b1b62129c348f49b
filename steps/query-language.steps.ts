import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import type { QueryOperation } from './parameter-types.js';
import { requireEnvelope } from './support/envelope-items.js';
import { expectThat, indexClient, recordsOf } from './support/call-outcome.js';
import { extensionState, familyOf, familyRecord, familyRecords, queryOf } from './support/record-family.js';
import { assertAbsent, assertStoredAsSent } from './support/stored-as-sent.js';
import type { KitWorld } from './world.js';

// Extension (x-decisions query-language): the original service's query language.

Given('these {index} exist:', async function (this: KitWorld, index: ClientIndexKey, table: DataTable) {
  const stem = this.newId(index);
  const family = { index, stem, bySuffix: new Map() };
  extensionState(this).family = family;
  for (const row of table.hashes()) {
    const { suffix, sent } = familyRecord(index, stem, row);
    const record = this.remember(index, sent['id'] as string, sent);
    family.bySuffix.set(suffix, record);
    const outcome = await this.call((c) => indexClient(c, index).create({ body: sent }));
    this.response();
    if (outcome.status !== 201) throw new Error(`could not create the ${index} record ${record.id} the scenario needs: ${outcome.rawBody}`);
  }
});

When('I read the {index} with the query:', async function (this: KitWorld, index: ClientIndexKey, text: string) {
  const query = queryOf(this, text);
  const started = performance.now();
  await this.call((c) => indexClient(c, index).read({ query: query as never }));
  extensionState(this).lastDurationMs = performance.now() - started;
});

When('I read the {index} with a regular expression of {int} characters', async function (this: KitWorld, index: ClientIndexKey, length: number) {
  const query = { where: { reg_exp: { target: 'id', expr: 'a'.repeat(length) } } };
  await this.call((c) => indexClient(c, index).read({ query: query as never }));
});

// A query on {base}/{id}: read or delete of a record the scenario made.
When(
  'I {query-operation} the {index} record {string} (by its id )with the query:',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, suffix: string, text: string) {
    const [record] = familyRecords(this, suffix);
    await this.call((c) => indexClient(c, index)[operation]({ id: record!.id, query: queryOf(this, text) as never }));
  },
);

// Order does not matter here; records the scenario did not make (a deployment's own) are ignored.
Then('the response is 200 with the records {string}', function (this: KitWorld, suffixes: string) {
  const outcome = this.response();
  expectThat(outcome.status === 200, `${outcome.operation} answered ${outcome.status}, expected 200: ${outcome.rawBody.slice(0, 300)}`);
  const family = familyOf(this);
  const want = familyRecords(this, suffixes)
    .map((r) => r.id)
    .sort();
  const familyIds = new Set([...family.bySuffix.values()].map((r) => r.id));
  const got = recordsOf(outcome)
    .map((r) => r['id'])
    .filter((id): id is string => typeof id === 'string' && familyIds.has(id))
    .sort();
  expectThat(
    JSON.stringify(got) === JSON.stringify(want),
    `${outcome.operation}: expected the records ${JSON.stringify(want)} of the scenario, got ${JSON.stringify(got)}`,
  );
});

// The query names the family alone, so the list must be exactly these, in this order.
Then('the response is 200 with the records {string} in this order', function (this: KitWorld, suffixes: string) {
  const outcome = this.response();
  expectThat(outcome.status === 200, `${outcome.operation} answered ${outcome.status}, expected 200: ${outcome.rawBody.slice(0, 300)}`);
  const want = familyRecords(this, suffixes).map((r) => r.id);
  const got = recordsOf(outcome).map((r) => r['id']);
  expectThat(
    JSON.stringify(got) === JSON.stringify(want),
    `${outcome.operation}: expected exactly ${JSON.stringify(want)} in this order, got ${JSON.stringify(got)}`,
  );
});

// x-decisions query-validation: 400 with an envelope whose message names the problem.
Then('the response is 400 naming {string}', function (this: KitWorld, word: string) {
  const outcome = this.response();
  expectThat(outcome.status === 400, `${outcome.operation} answered ${outcome.status}, expected 400: ${outcome.rawBody.slice(0, 300)}`);
  const items = requireEnvelope(outcome);
  expectThat(
    items.every((item) => item.error === true),
    `${outcome.operation} 400: every item must say error true: ${outcome.rawBody.slice(0, 300)}`,
  );
  const named = items.some((item) => JSON.stringify(item.message ?? '').includes(word));
  expectThat(named, `${outcome.operation} 400: the message should name ${JSON.stringify(word)}: ${outcome.rawBody.slice(0, 300)}`);
});

Then('the answer came within {int} seconds', function (this: KitWorld, seconds: number) {
  const ms = extensionState(this).lastDurationMs;
  expectThat(ms !== undefined && ms < seconds * 1000, `the answer took ${ms?.toFixed(0)} ms, more than ${seconds} s`);
});

Then('the {index} records {string} still exist', async function (this: KitWorld, _index: ClientIndexKey, suffixes: string) {
  for (const record of familyRecords(this, suffixes)) await assertStoredAsSent(this, record);
});

Then('the {index} records {string} no longer exist', async function (this: KitWorld, index: ClientIndexKey, suffixes: string) {
  for (const record of familyRecords(this, suffixes)) await assertAbsent(this, index, record.id);
});
