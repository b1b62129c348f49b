import { Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey, KitClient } from '../src/client/index.js';
import { DUPLICATE_ID_MESSAGE, PLAIN_READ_STATUSES, READ_NOTHING_STATUSES, UPDATE_UNKNOWN_ID_STATUSES } from '../src/contract/faithful-answers.js';
import { type CallOutcome, expectThat, indexClient, recordsOf } from './support/call-outcome.js';
import { findSentMismatch } from './support/contains-sent.js';
import { assertRefusalBody, assertSuccessEnvelope, isMessage, requireEnvelope } from './support/envelope-items.js';
import { sampleRecord, type JsonRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

// Clients that send at the same time (§4.1): every answer of a round, and what is stored after
// it, must be what some order of the same requests, sent one at a time, gives. Each round works
// on a new record under the run prefix and sends its requests together, each over its own
// connection (the run's connection opens as many as are in flight), so a server that checks and
// then writes a few milliseconds later lets two of them through. Rounds run one after another.

/** One request of a round: what it asks, and what it sent (a create's or an update's fields). */
interface RoundRequest {
  kind: 'create' | 'update' | 'delete' | 'read';
  sent: JsonRecord | undefined;
  outcome: CallOutcome;
}

/** One round: the record it raced on, what that record held before, and every answer. */
interface Round {
  index: ClientIndexKey;
  id: string;
  before: JsonRecord | undefined;
  requests: RoundRequest[];
}

type Send = (client: KitClient) => Promise<CallOutcome>;
type RoundCall = { kind: RoundRequest['kind']; sent?: JsonRecord; send: Send };

const rounds = new WeakMap<KitWorld, Round[]>();

function roundsOf(world: KitWorld): Round[] {
  const found = rounds.get(world);
  if (!found || found.length === 0) throw new Error('the scenario has sent no concurrent round yet');
  world.response();
  return found;
}

/** Sends every request at once and waits for all the answers (each still checked against the spec). */
async function atOnce(world: KitWorld, calls: RoundCall[]): Promise<RoundRequest[]> {
  const outcomes = await Promise.all(calls.map((c) => world.call(c.send)));
  return calls.map((c, i) => ({ kind: c.kind, sent: c.sent, outcome: outcomes[i]! }));
}

/** A new record of the round, created before the race (the round cannot start without it). */
async function createForRound(world: KitWorld, index: ClientIndexKey, id: string): Promise<JsonRecord> {
  const sent = { id, ...sampleRecord(index) };
  const outcome = await world.call((c) => indexClient(c, index).create({ body: sent }), { housekeeping: true });
  if (outcome.status !== 201) throw new Error(`could not create the ${index} record a round needs: ${outcome.status} ${outcome.rawBody.slice(0, 200)}`);
  return sent;
}

/** A round id: new, under the run prefix, deleted after the scenario whatever happens. */
function roundId(world: KitWorld, index: ClientIndexKey): string {
  const id = world.newId(index);
  world.cleanup.addId(index, id);
  return id;
}

/** Reads the round's record by id: the record, or undefined when none is there (404, 204, or a list without it). */
async function readRound(world: KitWorld, round: Round): Promise<JsonRecord | undefined> {
  const outcome = await world.call((c) => indexClient(c, round.index).read({ id: round.id }));
  world.response();
  expectThat(
    PLAIN_READ_STATUSES.includes(outcome.status),
    `${outcome.operation} answered ${outcome.status} reading ${round.id}: ${outcome.rawBody.slice(0, 200)}`,
  );
  return recordsOf(outcome).find((record) => record['id'] === round.id);
}

const story = (round: Round) =>
  round.requests.map((r) => `${r.kind} ${r.sent ? JSON.stringify(r.sent) : ''} → ${r.outcome.status}`.replace('  ', ' ')).join('; ');

/** Runs `count` rounds one after another, each on a new record (created first when `existing`), sending `calls` at once. */
async function runRounds(world: KitWorld, index: ClientIndexKey, count: number, existing: boolean, calls: (round: Round) => RoundCall[]): Promise<void> {
  const done: Round[] = [];
  rounds.set(world, done);
  for (let n = 0; n < count; n++) {
    const id = roundId(world, index);
    const before = existing ? await createForRound(world, index, id) : undefined;
    const round: Round = { index, id, before, requests: [] };
    round.requests = await atOnce(world, calls(round));
    done.push(round);
  }
}

const readOf = (round: Round): RoundCall => ({ kind: 'read', send: (c) => indexClient(c, round.index).read({ id: round.id }) });
const deleteOf = (round: Round): RoundCall => ({ kind: 'delete', send: (c) => indexClient(c, round.index).delete({ id: round.id }) });

/** An update setting a field no other update of the round sets. */
function updateOf(world: KitWorld, round: Round, i: number): RoundCall {
  const fields = { [`concurrent_${i}`]: `${world.kit.runPrefix}update-${i}` };
  return { kind: 'update', sent: fields, send: (c) => indexClient(c, round.index).update({ id: round.id, body: { id: round.id, ...fields } }) };
}

// §4.1 rule 3 under a race: every sender's body differs (a field naming the sender), half of
// them name the id in the path, half in the body.
When(
  'I create {index} under one new id {int} times at once, in {int} rounds',
  async function (this: KitWorld, index: ClientIndexKey, times: number, count: number) {
    await runRounds(this, index, count, false, (round) =>
      Array.from({ length: times }, (_, i): RoundCall => {
        const body = { ...sampleRecord(index, i % 2), sender: `${this.kit.runPrefix}sender-${i}` };
        const sent = { id: round.id, ...body };
        const send: Send = i % 2 === 0 ? (c) => indexClient(c, index).create({ body: sent }) : (c) => indexClient(c, index).create({ id: round.id, body });
        return { kind: 'create', sent, send };
      }),
    );
  },
);

// §4.1 update: each update sets a field no other one sets, so every serial order changes the record each time.
When(
  'I update one {index} record {int} times at once, each setting another field, in {int} rounds',
  async function (this: KitWorld, index: ClientIndexKey, times: number, count: number) {
    await runRounds(this, index, count, true, (round) => Array.from({ length: times }, (_, i) => updateOf(this, round, i)));
  },
);

When('I update and delete one {index} record at once, in {int} rounds', async function (this: KitWorld, index: ClientIndexKey, count: number) {
  await runRounds(this, index, count, true, (round) => [updateOf(this, round, 0), deleteOf(round), updateOf(this, round, 1)]);
});

When('I delete one {index} record {int} times at once, in {int} rounds', async function (this: KitWorld, index: ClientIndexKey, times: number, count: number) {
  await runRounds(this, index, count, true, (round) => Array.from({ length: times }, () => deleteOf(round)));
});

When('I read and delete one {index} record at once, in {int} rounds', async function (this: KitWorld, index: ClientIndexKey, count: number) {
  await runRounds(this, index, count, true, (round) => [readOf(round), deleteOf(round), readOf(round)]);
});

// §4.1 rule 3: one create of an id wins; every other is refused as a duplicate (faithful-answers duplicate-id-message).
Then('in each round exactly one create answered 201 and every other 406 "Id already found"', function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const created = round.requests.filter((r) => r.outcome.status === 201);
    expectThat(created.length === 1, `${round.id}: ${created.length} creates of one id answered 201, exactly one may: ${story(round)}`);
    assertSuccessEnvelope(created[0]!.outcome, 201, [round.id]);
    for (const refused of round.requests.filter((r) => r !== created[0])) {
      const { outcome } = refused;
      expectThat(
        outcome.status === 406,
        `${round.id}: a create of an id another create of the round took answered ${outcome.status}, expected 406 "${DUPLICATE_ID_MESSAGE}": ${story(round)}`,
      );
      const items = requireEnvelope(outcome);
      assertRefusalBody(outcome);
      expectThat(
        items.some((item) => isMessage(item.message, DUPLICATE_ID_MESSAGE)),
        `${round.id}: 406 without the message "${DUPLICATE_ID_MESSAGE}": ${outcome.rawBody.slice(0, 200)}`,
      );
    }
  }
});

Then("each round's record is stored as the create answered 201 sent it", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const winner = round.requests.find((r) => r.outcome.status === 201);
    expectThat(winner?.sent, `${round.id}: no create answered 201: ${story(round)}`);
    const stored = await readRound(this, round);
    expectThat(stored, `${round.id}: a create answered 201, but no record can be read under the id`);
    const mismatch = findSentMismatch(stored, winner.sent);
    expectThat(
      mismatch === undefined,
      `${round.id}: the stored record is not the body of the create answered 201 (at ${mismatch}): another sender's write came after it. ${story(round)}; stored ${JSON.stringify(stored)}`,
    );
  }
});

// §4.1 update: each update sets a new field, so in any serial order each one changes the record: 200.
Then('every update of each round answered 200', function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    for (const { outcome } of round.requests) {
      expectThat(
        outcome.status === 200,
        `${round.id}: an update setting a field no other update sets answered ${outcome.status}, expected 200: ${story(round)}`,
      );
      assertSuccessEnvelope(outcome, 200, []);
    }
  }
});

Then("each round's record holds every field an update answered 200 for", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const applied = round.requests
      .filter((r) => r.kind === 'update' && r.outcome.status === 200)
      .reduce<JsonRecord>((all, r) => Object.assign(all, r.sent), {});
    const stored = await readRound(this, round);
    expectThat(stored, `${round.id}: the record is gone after concurrent updates: ${story(round)}`);
    const mismatch = findSentMismatch(stored, { ...round.before, ...applied });
    expectThat(mismatch === undefined, `${round.id}: an update answered 200 is lost (at ${mismatch}): ${story(round)}; stored ${JSON.stringify(stored)}`);
  }
});

// §4.1 delete and §4.2 update: the delete finds the record whatever the order (an update never
// removes it), so it answers 205; an update after it cannot apply (faithful-answers update-unknown-id).
Then("each round's delete answered 205, its updates 200 or a refusal of an unknown id, and its record is gone", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    for (const { kind, outcome } of round.requests) {
      if (kind === 'delete')
        expectThat(outcome.status === 205, `${round.id}: the delete of a record that existed answered ${outcome.status}, expected 205: ${story(round)}`);
      else
        expectThat(
          outcome.status === 200 || UPDATE_UNKNOWN_ID_STATUSES.includes(outcome.status),
          `${round.id}: an update racing a delete answered ${outcome.status}, expected 200 (before the delete) or ${UPDATE_UNKNOWN_ID_STATUSES.join(', ')} (after it): ${story(round)}`,
        );
    }
    const stored = await readRound(this, round);
    expectThat(stored === undefined, `${round.id}: the delete answered 205, yet the record is there again: ${JSON.stringify(stored)} (${story(round)})`);
  }
});

// §4.1 delete, §7: one delete removes the record; the others find nothing.
Then('in each round exactly one delete answered 205 and every other 404', async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const deleted = round.requests.filter((r) => r.outcome.status === 205);
    expectThat(deleted.length === 1, `${round.id}: ${deleted.length} deletes of one record answered 205, exactly one may: ${story(round)}`);
    for (const { outcome } of round.requests.filter((r) => r !== deleted[0])) {
      expectThat(outcome.status === 404, `${round.id}: a delete of a record another delete removed answered ${outcome.status}, expected 404: ${story(round)}`);
    }
    expectThat((await readRound(this, round)) === undefined, `${round.id}: the record is still there after a delete answered 205`);
  }
});

// §4.1 read: a read before the delete sees the whole record as created, one after it nothing (faithful-answers read-finds-nothing).
Then("each round's reads found the whole record or nothing, and its delete answered 205", function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    for (const { kind, outcome } of round.requests) {
      if (kind === 'delete') {
        expectThat(outcome.status === 205, `${round.id}: the delete of a record that existed answered ${outcome.status}, expected 205: ${story(round)}`);
        continue;
      }
      const found = recordsOf(outcome).find((record) => record['id'] === round.id);
      if (found === undefined) {
        expectThat(
          READ_NOTHING_STATUSES.includes(outcome.status),
          `${round.id}: a read racing a delete answered ${outcome.status} without the record: ${outcome.rawBody.slice(0, 200)}`,
        );
        continue;
      }
      const mismatch = findSentMismatch(found, round.before);
      expectThat(mismatch === undefined, `${round.id}: a read racing a delete saw a record nobody wrote (at ${mismatch}): ${JSON.stringify(found)}`);
    }
  }
});
