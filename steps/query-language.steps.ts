import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import type { QueryOperation } from './parameter-types.js';
import type { ActionProfileName } from './support/action-profiles.js';
import { checkNamesProblem } from './support/envelope-items.js';
import { indexClient, recordsOf } from './support/call-outcome.js';
import { establishRecord } from './support/establish.js';
import { judgeStatus } from './support/judge-status.js';
import { extensionState, familyOf, familyRecord, familyRecords, queryOf } from './support/record-family.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import type { KitWorld } from './world.js';

// Extension (x-decisions query-language): the original service's query language.

Given('these {index} exist:', async function (this: KitWorld, index: ClientIndexKey, table: DataTable) {
  const stem = this.newId(index);
  const family = { index, stem, bySuffix: new Map() };
  extensionState(this).family = family;
  for (const row of table.hashes()) {
    const { suffix, sent } = familyRecord(index, stem, row);
    family.bySuffix.set(suffix, await establishRecord(this, index, sent as typeof sent & { id: string }));
  }
});

/**
 * The rule a read with the query language is judged under: the scenario's, as its rule tag says
 * (one query holds several operators; the scenario names the one it is about, the last of its
 * tags where it names two).
 */
const QUERY_PROFILES: ReadonlyArray<[tag: string, profile: ActionProfileName]> = [
  ['@rule.ext-query-reg-exp-bounded', 'query-reg-exp-bounded'],
  ['@rule.ext-query-reg-exp', 'query-reg-exp'],
  ['@rule.ext-query-wildcard', 'query-wildcard'],
  ['@rule.ext-query-and-or', 'query-and-or'],
  ['@rule.ext-query-range', 'query-range'],
  ['@rule.ext-query-not', 'query-not'],
  ['@rule.ext-query-dotted-target', 'query-dotted-target'],
  ['@rule.ext-query-order', 'query-order'],
  ['@rule.ext-query-limit', 'query-limit'],
];

function queryProfile(world: KitWorld): ActionProfileName {
  const found = QUERY_PROFILES.filter(([tag]) => world.tags.includes(tag)).at(-1);
  return found?.[1] ?? 'query-language';
}

When('I read the {index} with the query:', async function (this: KitWorld, index: ClientIndexKey, text: string) {
  const query = queryOf(this, text);
  this.act(queryProfile(this));
  const started = performance.now();
  await this.call((c) => indexClient(c, index).read({ query: query as never }));
  extensionState(this).lastDurationMs = performance.now() - started;
});

When('I read the {index} with a regular expression of {int} characters', async function (this: KitWorld, index: ClientIndexKey, length: number) {
  const query = { where: { reg_exp: { target: 'id', expr: 'a'.repeat(length) } } };
  this.act('long-reg-exp');
  await this.call((c) => indexClient(c, index).read({ query: query as never }));
});

// A query on {base}/{id}: read or delete of a record the scenario made.
When(
  'I {query-operation} the {index} record {string} (by its id )with the query:',
  async function (this: KitWorld, operation: QueryOperation, index: ClientIndexKey, suffix: string, text: string) {
    const [record] = familyRecords(this, suffix);
    this.act('query-language');
    await this.call((c) => indexClient(c, index)[operation]({ id: record!.id, query: queryOf(this, text) as never }));
  },
);

/** The records of the family a read listed, as their suffixes' ids; `ordered` keeps the list's order and every record. */
function checkRecords(world: KitWorld, suffixes: string, ordered: boolean): void {
  const { outcome, ok } = judgeStatus(world, [200]);
  if (!ok) return;
  const want = familyRecords(world, suffixes).map((r) => r.id);
  const familyIds = new Set([...familyOf(world).bySuffix.values()].map((r) => r.id));
  const listed = recordsOf(outcome).map((r) => r['id']);
  // Unordered, records the scenario did not make (a deployment's own) are ignored.
  const got = ordered ? listed : listed.filter((id): id is string => typeof id === 'string' && familyIds.has(id)).sort();
  if (!ordered) want.sort();
  const suffixOf = new Map([...familyOf(world).bySuffix].map(([suffix, record]) => [record.id, suffix]));
  world.verify(world.profile.listed ?? '4.1-read/records-listed', JSON.stringify(got) === JSON.stringify(want), {
    expected: `the records ${suffixes}${ordered ? ' in this order' : ''}`,
    observed: `the records ${got.map((id) => suffixOf.get(String(id)) ?? 'another').join(', ')}`,
    message: `${outcome.operation}: expected ${ordered ? 'exactly ' : 'the records '}${JSON.stringify(want)}${ordered ? ' in this order' : ' of the scenario'}, got ${JSON.stringify(got)}`,
    outcome,
  });
}

// Order does not matter here; records the scenario did not make (a deployment's own) are ignored.
Then('the response is 200 with the records {string}', function (this: KitWorld, suffixes: string) {
  checkRecords(this, suffixes, false);
});

// The query names the family alone, so the list must be exactly these, in this order.
Then('the response is 200 with the records {string} in this order', function (this: KitWorld, suffixes: string) {
  checkRecords(this, suffixes, true);
});

// x-decisions query-validation: 400 with an envelope whose message names the problem.
Then('the response is 400 naming {string}', function (this: KitWorld, word: string) {
  const { outcome, ok } = judgeStatus(this, [400]);
  const check = this.profile.namesProblem;
  if (!check) throw new Error('the action names no check for the problem a 400 names (support/action-profiles.ts)');
  if (ok) checkNamesProblem(this, outcome, word, check);
});

Then('the answer came within {int} seconds', function (this: KitWorld, seconds: number) {
  const ms = extensionState(this).lastDurationMs;
  this.verify('ext-query-reg-exp-bounded/answered-at-once', ms !== undefined && ms < seconds * 1000, {
    expected: `an answer within ${seconds} s`,
    observed: `more than ${seconds} s`,
    message: `the answer took ${ms?.toFixed(0)} ms, more than ${seconds} s`,
  });
});

Then('the {index} records {string} still exist', async function (this: KitWorld, _index: ClientIndexKey, suffixes: string) {
  for (const record of familyRecords(this, suffixes)) await checkStoredAsSent(this, record);
});

Then('the {index} records {string} no longer exist', async function (this: KitWorld, index: ClientIndexKey, suffixes: string) {
  for (const record of familyRecords(this, suffixes)) await checkAbsent(this, index, record.id);
});
