import { Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey, KitClient } from '../src/client/index.js';
import { DUPLICATE_ID_MESSAGE, READ_NOTHING_STATUSES, UPDATE_UNKNOWN_ID_STATUSES } from '../src/contract/faithful-answers.js';
import type { CheckId } from '../src/target/conformance/check-catalog.js';
import { type CallOutcome, indexClient, recordsOf } from './support/call-outcome.js';
import { findSentMismatch } from './support/contains-sent.js';
import { checkMessage, checkRefusalBody, checkSuccessEnvelope } from './support/envelope-items.js';
import { establishCreate, probeWhenRefused } from './support/establish.js';
import { isTaken, judgeAnswer } from './support/judge-status.js';
import { readStored } from './support/stored-as-sent.js';
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
  return found;
}

/** Sends every request at once and waits for all the answers (each still checked against the spec). */
async function atOnce(world: KitWorld, calls: RoundCall[]): Promise<RoundRequest[]> {
  const outcomes = await Promise.all(calls.map((c) => world.call(c.send)));
  return calls.map((c, i) => ({ kind: c.kind, sent: c.sent, outcome: outcomes[i]! }));
}

/** A new record of the round, created before the race (lenient setup: the round cannot start without it). */
async function createForRound(world: KitWorld, index: ClientIndexKey, id: string): Promise<JsonRecord> {
  const sent = { id, ...sampleRecord(index) };
  await establishCreate(world, index, id, sent, undefined, `the ${index} record ${id} a round needs`);
  return sent;
}

/** A round id: new, under the run prefix, deleted after the scenario whatever happens. */
function roundId(world: KitWorld, index: ClientIndexKey): string {
  const id = world.newId(index);
  world.cleanup.addId(index, id);
  return id;
}

/**
 * Reads the round's record by id for a check: the record, or undefined when none is there (404,
 * 204, or a list without it); a read that answers anything else fails the check.
 */
async function readRound(world: KitWorld, round: Round, id: CheckId): Promise<{ stored: JsonRecord | undefined; readable: boolean }> {
  const { record, readable, outcome } = await readStored(world, round.index, round.id);
  if (!readable)
    world.verify(id, false, {
      expected: 'a read of the record',
      observed: `read answered ${outcome.status}`,
      message: `${outcome.operation} answered ${outcome.status} reading ${round.id}: ${outcome.rawBody.slice(0, 200)}`,
      outcome,
    });
  return { stored: record, readable };
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
    // A round in which no create was taken: the race cannot be judged when the target takes no plain record either.
    const untaken = rounds.get(this)?.find((round) => !round.requests.some((r) => isTaken(r.outcome)));
    if (untaken) await probeWhenRefused(this, index, untaken.requests[0]!.outcome);
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

/** Exactly one request of the round was taken (a success); observed: none, or more than one. */
function exactlyOneTaken(world: KitWorld, round: Round, id: CheckId, what: string): RoundRequest | undefined {
  const taken = round.requests.filter((r) => isTaken(r.outcome));
  world.verify(id, taken.length === 1, {
    expected: `exactly one ${what} taken`,
    observed: taken.length === 0 ? `no ${what} taken` : `more than one ${what} taken`,
    message: `${round.id}: ${taken.length} ${what}s of one record were taken, exactly one may: ${story(round)}`,
  });
  return taken.length === 1 ? taken[0] : undefined;
}

// §4.1 rule 3: one create of an id wins; every other is refused as a duplicate (faithful-answers duplicate-id-message).
Then('in each round exactly one create answered 201 and every other 406 "Id already found"', function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const winner = exactlyOneTaken(this, round, '4.1-concurrent/one-create-wins', 'create');
    if (!winner) continue;
    if (judgeAnswer(this, winner.outcome, [201], '4.1-create/status'))
      checkSuccessEnvelope(this, winner.outcome, 201, [round.id], { code: '4.1-create/envelope-code', names: '4.1-create/message-names-id' });
    for (const { outcome } of round.requests.filter((r) => r !== winner)) {
      if (!judgeAnswer(this, outcome, [406], '4.1-rule-3/status')) continue;
      checkRefusalBody(this, outcome);
      checkMessage(this, outcome, DUPLICATE_ID_MESSAGE, '4.1-rule-3/message');
    }
  }
});

Then("each round's record is stored as the create answered 201 sent it", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const taken = round.requests.filter((r) => isTaken(r.outcome));
    // The count is the step before's check: a round without one winner is not judged twice.
    if (taken.length !== 1) continue;
    const { stored, readable } = await readRound(this, round, '4.1-concurrent/stored-as-the-winner-sent');
    if (!readable) continue;
    const mismatch = stored === undefined ? 'not found' : findSentMismatch(stored, taken[0]!.sent);
    this.verify('4.1-concurrent/stored-as-the-winner-sent', mismatch === undefined, {
      expected: 'the body of the create that was taken',
      observed: mismatch ?? '',
      message: `${round.id}: the stored record is not the body of the create taken (at ${mismatch}): another sender's write came after it. ${story(round)}; stored ${JSON.stringify(stored)}`,
    });
  }
});

// §4.1 update: each update sets a new field, so in any serial order each one changes the record: 200.
Then('every update of each round answered 200', function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    for (const { outcome } of round.requests) {
      if (judgeAnswer(this, outcome, [200], '4.1-update/status')) checkSuccessEnvelope(this, outcome, 200, [], { code: '4.1-update/envelope-code' });
    }
  }
});

Then("each round's record holds every field an update answered 200 for", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const applied = round.requests.filter((r) => r.kind === 'update' && isTaken(r.outcome)).reduce<JsonRecord>((all, r) => Object.assign(all, r.sent), {});
    const { stored, readable } = await readRound(this, round, '4.1-concurrent/no-update-lost');
    if (!readable) continue;
    const mismatch = stored === undefined ? 'not found' : findSentMismatch(stored, { ...round.before, ...applied });
    this.verify('4.1-concurrent/no-update-lost', mismatch === undefined, {
      expected: 'every field an update was taken for',
      observed: mismatch === undefined ? '' : mismatch === 'not found' ? 'not found' : 'an update lost',
      message: `${round.id}: an update taken is lost (at ${mismatch}): ${story(round)}; stored ${JSON.stringify(stored)}`,
    });
  }
});

/** After a round whose delete was taken, the record is gone for good. */
async function checkStaysDeleted(world: KitWorld, round: Round): Promise<void> {
  const { stored, readable } = await readRound(world, round, '4.1-concurrent/deleted-stays-deleted');
  if (!readable) return;
  world.verify('4.1-concurrent/deleted-stays-deleted', stored === undefined, {
    expected: 'no record after the delete',
    observed: 'still there',
    message: `${round.id}: a delete was taken, yet the record is there: ${JSON.stringify(stored)} (${story(round)})`,
  });
}

// §4.1 delete and §4.2 update: the delete finds the record whatever the order (an update never
// removes it), so it answers 205; an update after it cannot apply (faithful-answers update-unknown-id).
Then("each round's delete answered 205, its updates 200 or a refusal of an unknown id, and its record is gone", async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    let deleted = false;
    for (const { kind, outcome } of round.requests) {
      if (kind === 'delete') {
        judgeAnswer(this, outcome, [205], '4.1-delete/status');
        deleted = isTaken(outcome);
      } else judgeAnswer(this, outcome, [200, ...UPDATE_UNKNOWN_ID_STATUSES], '4.2-update-unknown-id/status');
    }
    if (deleted) await checkStaysDeleted(this, round);
  }
});

// §4.1 delete, §7: one delete removes the record; the others find nothing.
Then('in each round exactly one delete answered 205 and every other 404', async function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    const winner = exactlyOneTaken(this, round, '4.1-concurrent/one-delete-wins', 'delete');
    if (!winner) continue;
    judgeAnswer(this, winner.outcome, [205], '4.1-delete/status');
    for (const { outcome } of round.requests.filter((r) => r !== winner)) judgeAnswer(this, outcome, [404], '7-not-found/status');
    await checkStaysDeleted(this, round);
  }
});

// §4.1 read: a read before the delete sees the whole record as created, one after it nothing (faithful-answers read-finds-nothing).
Then("each round's reads found the whole record or nothing, and its delete answered 205", function (this: KitWorld) {
  for (const round of roundsOf(this)) {
    for (const { kind, outcome } of round.requests) {
      if (kind === 'delete') {
        judgeAnswer(this, outcome, [205], '4.1-delete/status');
        continue;
      }
      const found = recordsOf(outcome).find((record) => record['id'] === round.id);
      if (found === undefined) {
        judgeAnswer(this, outcome, READ_NOTHING_STATUSES, '7-not-found/status');
        continue;
      }
      if (!judgeAnswer(this, outcome, [200], '4.1-read/status')) continue;
      const mismatch = findSentMismatch(found, round.before);
      this.verify('4.1-concurrent/whole-record-read', mismatch === undefined, {
        expected: 'the whole record as created, or nothing',
        observed: mismatch ?? '',
        message: `${round.id}: a read racing a delete saw a record nobody wrote (at ${mismatch}): ${JSON.stringify(found)}`,
        outcome,
      });
    }
  }
});
