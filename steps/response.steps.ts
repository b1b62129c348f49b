import { expectThat, indexClient, recordsOf, type CallOutcome } from './support/call-outcome.js';
import { Then } from '@cucumber/cucumber';
import { assertMissingField, assertRefusalBody, assertSuccessEnvelope, isMessage, requireEnvelope } from './support/envelope-items.js';
import { ID_CHANGE_STATUSES, READ_NOTHING_STATUSES, REFUSAL_STATUSES, UPDATE_UNKNOWN_ID_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { readStored } from './support/stored-as-sent.js';
import { MARKER_FIELDS } from '../src/contract/run-markers.js';
import { indexOperations, type ClientIndexKey } from '../src/client/index.js';
import type { KitWorld, ScenarioRecord } from './world.js';

function expectStatus(world: KitWorld, ...statuses: readonly number[]): CallOutcome {
  const outcome = world.response();
  expectThat(
    statuses.includes(outcome.status),
    `${outcome.operation} answered ${outcome.status}, expected ${statuses.join(' or ')}: ${outcome.rawBody.slice(0, 300)}`,
  );
  return outcome;
}

/** The records the scenario made on the index of the last response (its operation's index in the client's route table). */
function madeForLastResponse(world: KitWorld): ScenarioRecord[] {
  const operation = world.response().operation;
  const [index] = Object.entries(indexOperations).find(([, ops]) =>
    [ops.create, ops.read, ops.update, ops.delete].some((pair) => (pair as readonly string[]).includes(operation)),
  ) ?? [undefined];
  if (index === undefined) throw new Error(`unknown operation ${operation}`);
  return world.made(index as ClientIndexKey);
}

function assertListMatches(outcome: CallOutcome, expected: ScenarioRecord[], exactly: boolean): void {
  const list = recordsOf(outcome);
  for (const record of expected) {
    const stored = list.find((item) => item['id'] === record.id);
    expectThat(stored, `${outcome.operation}: the list lacks the record ${record.id}`);
    const mismatch = findSentMismatch(stored, record.sent);
    expectThat(mismatch === undefined, `${outcome.operation}: record ${record.id} differs from what was sent at ${mismatch}`);
  }
  if (exactly) {
    const ids = list.map((item) => item['id']);
    const want = expected.map((r) => r.id);
    expectThat(
      ids.length === want.length && want.every((id) => ids.includes(id)),
      `${outcome.operation}: expected exactly ${want.join(', ')}, got ${JSON.stringify(ids)}`,
    );
  }
}

Then('the response is {int}', function (this: KitWorld, status: number) {
  expectStatus(this, status);
});

// 304: the envelope, if any, was checked against NotModifiedEnvelope. §7: "404 on read and
// delete means nothing matches the query".
Then(/^the response is (304|404), (?:an update not necessary|nothing found)$/, function (this: KitWorld, status: string) {
  expectStatus(this, Number(status));
});

// Where the description leaves a status open, the set comes from src/contract/faithful-answers.ts.
// Each step: the statuses it takes, and what else an answer of one of them must hold.
const STATUS_STEPS: ReadonlyArray<[text: string, statuses: readonly number[], check?: (outcome: CallOutcome) => void]> = [
  // faithful-answers read-finds-nothing: 404, or 204 (§7, nothing to act on).
  ['the response is 404 or 204, nothing found', READ_NOTHING_STATUSES],
  // faithful-answers refusal-status: the description fixes that these are refused, not which status says so.
  ['the response is a client error', REFUSAL_STATUSES],
  // faithful-answers refusal-status: a value the data model forbids, with error true when a body comes (§7).
  ['the response is a refusal', REFUSAL_STATUSES, assertRefusalBody],
  // faithful-answers update-unknown-id: an update that cannot apply.
  ['the response is nothing to update or a refusal', UPDATE_UNKNOWN_ID_STATUSES, (outcome) => outcome.status !== 204 && assertRefusalBody(outcome)],
  // faithful-answers id-change: refused, or the new id ignored.
  ['the response is a refused or ignored id change', ID_CHANGE_STATUSES, (outcome) => REFUSAL_STATUSES.includes(outcome.status) && assertRefusalBody(outcome)],
  // §4.1 update: 200, envelope code 200, error false. The description asks the create message to
  // name the id ("the record with the id was created") but not the update or delete message.
  ['the response is 200 with an update envelope', [200], (outcome) => assertSuccessEnvelope(outcome, 200, [])],
  // §4.1 delete: 205 and envelope code 200 (differs from the HTTP status), error false.
  ['the response is 205 with an envelope of code 200', [205], (outcome) => assertSuccessEnvelope(outcome, 200, [])],
  ['the response is 200 with a list', [200], (outcome) => expectThat(Array.isArray(outcome.data), `${outcome.operation} 200 should carry a JSON list`)],
];

for (const [text, statuses, check] of STATUS_STEPS) {
  Then(text, function (this: KitWorld) {
    const outcome = expectStatus(this, ...statuses);
    check?.(outcome);
  });
}

// §4.1 create: 201, envelope code 201, error false, "message saying the record with the id was created".
Then('the response is 201 with an envelope naming the id', function (this: KitWorld) {
  const outcome = expectStatus(this, 201);
  if (!this.lastMade) throw new Error('the scenario has made no record');
  assertSuccessEnvelope(outcome, 201, [this.lastMade.id]);
});

Then('the response is 201 with an envelope naming both ids', function (this: KitWorld) {
  const outcome = expectStatus(this, 201);
  assertSuccessEnvelope(
    outcome,
    201,
    madeForLastResponse(this).map((r) => r.id),
  );
});

// §2 rule 3: find the record by its marker to learn the id the service generated.
Then('the response is 201 with an envelope naming the generated id', async function (this: KitWorld) {
  const created = expectStatus(this, 201);
  const pending = this.pendingGenerated;
  if (!pending) throw new Error('no record was created without an id');
  const query = { where: { equals: { target: MARKER_FIELDS.conformance, expr: pending.marker } } };
  const found = await this.call((c) => indexClient(c, pending.index).read({ query }));
  const records = recordsOf(found).filter((r) => r[MARKER_FIELDS.conformance] === pending.marker);
  this.response();
  expectThat(
    records.length === 1,
    `expected one ${pending.index} record with ${MARKER_FIELDS.conformance}=${pending.marker}, read answered ${found.status} ${found.rawBody.slice(0, 200)}`,
  );
  const id = records[0]!['id'];
  expectThat(typeof id === 'string' && id !== '', `the created record has no string id: ${JSON.stringify(records[0])}`);
  this.remember(pending.index, id, { ...pending.sent, id }, 'generated');
  assertSuccessEnvelope(created, 201, [id]);
});

Then('the response is {int} with message {string}', function (this: KitWorld, status: number, message: string) {
  const outcome = expectStatus(this, status);
  const items = requireEnvelope(outcome);
  expectThat(
    items.some((item) => item.error === true && isMessage(item.message, message)),
    `${outcome.operation} ${status}: expected an item with error true and message "${message}" (one trailing period allowed), got ${outcome.rawBody}`,
  );
});

Then('the response is 406 naming the missing field {string}', function (this: KitWorld, field: string) {
  assertMissingField(expectStatus(this, 406), field);
});

// §2.3 (entry id required) with §2 rule 3 (generated when not provided): either outcome.
Then(
  /^the response is 406 naming the missing field "([^"]+)", or 201 with an id on every (action|parameter|resource)$/,
  async function (this: KitWorld, field: string, entry: string) {
    const outcome = expectStatus(this, 406, 201);
    if (outcome.status === 406) {
      assertMissingField(outcome, field);
      return;
    }
    const record = this.latest('agents');
    const stored = await readStored(this, 'agents', record.id);
    const list = `${entry}s`;
    const sent = record.sent[list] as unknown[];
    const kept = stored?.[list];
    expectThat(
      Array.isArray(kept) && kept.length === sent.length,
      `the agent ${record.id} should keep its ${sent.length} ${list}, has ${JSON.stringify(kept)}`,
    );
    const missing = (kept as Array<Record<string, unknown>>).filter((e) => typeof e['id'] !== 'string' || e['id'] === '');
    expectThat(missing.length === 0, `${list} stored without an id: ${JSON.stringify(missing)}`);
  },
);

/** Which of the records the scenario made the list must hold, and whether it may hold others. */
const LIST_HOLDS: Record<string, [number, boolean]> = {
  'both records as sent': [Number.POSITIVE_INFINITY, false],
  'only the first record': [1, true],
  'exactly the two sharing it': [2, true],
};

Then(
  /^the response is 200 with a list holding (both records as sent|only the first record|exactly the two sharing it)$/,
  function (this: KitWorld, holds: string) {
    const [count, exactly] = LIST_HOLDS[holds]!;
    assertListMatches(expectStatus(this, 200), madeForLastResponse(this).slice(0, count), exactly);
  },
);

// §4.1 rule 8: only the selected fields; an added id is tolerated (x-decisions select).
Then('the response is 200 with a list of records holding only {string} as sent', function (this: KitWorld, fields: string) {
  const outcome = expectStatus(this, 200);
  const selected = fields.split(',').map((field) => field.trim());
  const first = madeForLastResponse(this)[0]!;
  const list = recordsOf(outcome);
  expectThat(list.length === 1, `${outcome.operation}: expected the one record the where names, got ${outcome.rawBody.slice(0, 300)}`);
  const item = list[0]!;
  const unselected = Object.keys(item).filter((key) => key !== 'id' && !selected.includes(key));
  expectThat(unselected.length === 0, `${outcome.operation}: select ${JSON.stringify(selected)} returned unselected fields ${JSON.stringify(unselected)}`);
  if ('id' in item) expectThat(item['id'] === first.id, `${outcome.operation}: the selected record has another id: ${String(item['id'])}`);
  const expected = Object.fromEntries(selected.filter((f) => f in first.sent).map((f) => [f, first.sent[f]]));
  const mismatch = findSentMismatch(item, expected);
  expectThat(mismatch === undefined, `${outcome.operation}: selected fields differ from what was sent at ${mismatch}`);
});
