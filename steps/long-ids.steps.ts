import { Then, When } from '@cucumber/cucumber';
import { SIZE_LIMIT_STATUSES } from '../src/contract/faithful-answers.js';
import { indexFromWords } from './parameter-types.js';
import { indexClient, isTaken, type CallOutcome } from './support/call-outcome.js';
import { checkRefusalBody, checkSuccessEnvelope } from './support/envelope-items.js';
import { judgeAnswer, judgeStatus } from './support/judge-status.js';
import { sampleRecord } from './support/sample-records.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import type { KitWorld, ScenarioRecord } from './world.js';

/**
 * Ids longer than the keys stores commonly give an id — a varchar(255), a search engine's 512
 * bytes, InnoDB's 767-byte index prefix — name their record whole (§2: an id is a String; §4.1
 * `{base}/{id}`). Two ids of 800 characters share all but their last ones, so a store that cuts
 * them finds one record where two were created. A service may refuse ids over a length limit
 * instead (§8 shows none: faithful-answers id-length-limit); then both creates are refused,
 * nothing is stored, and the update and delete after them have nothing to act on.
 */
const LONG_ID_LENGTH = 800;

/** The scenario's two long-id records, oldest first, and how the service answered their creates. */
interface LongPair {
  records: [ScenarioRecord, ScenarioRecord];
  creates: CallOutcome[];
  /** Both created; both refused for a length limit; one of each (a failed check already says so). */
  answered: 'created' | 'refused' | 'one of each';
}

const pairs = new WeakMap<KitWorld, LongPair>();

function pairOf(world: KitWorld): LongPair {
  const pair = pairs.get(world);
  if (!pair) throw new Error('the scenario has created no two long ids');
  return pair;
}

/** A new id under the run prefix, filled up to the length with a run of digits and letters, ending in `ending`. */
function longId(stem: string, ending: string): string {
  const filler = Array.from({ length: LONG_ID_LENGTH - stem.length - ending.length }, (_, i) => '0123456789abcdefghijklmnopqrstuvwxyz'[i % 36]).join('');
  return `${stem}${filler}${ending}`;
}

// The first is created with its id in the body (POST {base}), the second at its path (POST
// {base}/{id}), each with other field values, so a record read under the other's id shows.
When(
  /^I create (events|network link types|agents) under two new ids of 800 characters that differ only in the last ones$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const stem = `${this.newId(index)}-`;
    const [firstId, secondId] = [longId(stem, '-first'), longId(stem, '-other')];
    this.act('long-ids');
    const first = this.remember(index, firstId, { id: firstId, ...sampleRecord(index, 0) });
    const a = await this.call((c) => indexClient(c, index).create({ body: first.sent }));
    const second = this.remember(index, secondId, { id: secondId, ...sampleRecord(index, 1) });
    const b = await this.call((c) => indexClient(c, index).create({ id: secondId, body: sampleRecord(index, 1) }));
    pairs.set(this, { records: [first, second], creates: [a, b], answered: 'created' });
  },
);

// Both taken (201) and each read back under its own id, or both refused for a length limit: they
// are of one length, so a service that takes one and refuses the other did not refuse for it.
Then('both are created and read back by their own ids as sent, or both refused and nothing is stored', async function (this: KitWorld) {
  const pair = pairOf(this);
  const [a, b] = pair.creates as [CallOutcome, CallOutcome];
  const allowed = [201, ...SIZE_LIMIT_STATUSES];
  const judged = [
    judgeAnswer(this, a, allowed, '2-long-ids/status', 'the create at {base}'),
    judgeAnswer(this, b, allowed, '2-long-ids/status', 'the create at {base}/{id}'),
  ];
  if (!judged.every(Boolean)) return;
  const alike = this.verify('2-long-ids/status', isTaken(a) === isTaken(b), {
    expected: 'both created, or both refused for a length limit',
    observed: `${a.status}, then ${b.status}`,
    message: `two ids of ${LONG_ID_LENGTH} characters that differ only at their end: the create of the first answered ${a.status}, of the second ${b.status} ${b.rawBody.slice(0, 200)}`,
    outcome: b,
  });
  if (!alike) {
    pair.answered = 'one of each';
    return;
  }
  // Refused: that nothing was stored under either id, the look after the action step has checked (7-nothing-to-do/unchanged).
  if (!isTaken(a)) {
    pair.answered = 'refused';
    for (const outcome of [a, b]) checkRefusalBody(this, outcome);
    return;
  }
  for (const [record, outcome] of [
    [pair.records[0], a],
    [pair.records[1], b],
  ] as const)
    checkSuccessEnvelope(this, outcome, 201, [record.id], { code: '4.1-create/envelope-code', names: '4.1-create/message-names-id' });
  for (const record of pair.records) await checkStoredAsSent(this, record);
});

/**
 * The step has nothing to act on unless both ids were created; it says so. Both refused is a
 * faithful answer (id-length-limit); one of each failed the check of the creates already, and the
 * steps after it would only repeat that failure.
 */
function notBothCreated(world: KitWorld): boolean {
  const { answered } = pairOf(world);
  if (answered === 'created') return false;
  world.setupSaw(
    answered === 'refused'
      ? 'both long ids were refused for a length limit (faithful-answers id-length-limit): nothing to act on'
      : 'one long id was created and the other refused (2-long-ids/status failed): nothing more to judge',
  );
  return true;
}

When('I update the second of the two long ids at its path', async function (this: KitWorld) {
  if (notBothCreated(this)) return;
  const second = this.need(pairOf(this).records[1]);
  const change = { note: 'updated under its own long id' };
  second.sent = { ...second.sent, ...change };
  this.act('long-ids');
  await this.call((c) => indexClient(c, second.index).update({ id: second.id, body: { id: second.id, ...change } }));
});

When('I delete the second of the two long ids at its path', async function (this: KitWorld) {
  if (notBothCreated(this)) return;
  const second = this.need(pairOf(this).records[1]);
  this.act('long-ids');
  await this.call((c) => indexClient(c, second.index).delete({ id: second.id }));
});

Then('unless refused, the response is 200 and each of the two long ids reads back as sent', async function (this: KitWorld) {
  if (pairOf(this).answered !== 'created') return;
  const { outcome, ok } = judgeStatus(this, [200]);
  if (ok) checkSuccessEnvelope(this, outcome, 200, [], { code: '4.1-update/envelope-code' });
  for (const record of pairOf(this).records) await checkStoredAsSent(this, record);
});

Then('unless refused, the response is 205 and only the first of the two long ids is left, as sent', async function (this: KitWorld) {
  const { answered, records } = pairOf(this);
  if (answered !== 'created') return;
  const { outcome, ok } = judgeStatus(this, [205]);
  if (ok) checkSuccessEnvelope(this, outcome, 200, [], { code: '4.1-delete/envelope-code' });
  await checkAbsent(this, records[1].index, records[1].id);
  await checkStoredAsSent(this, records[0]);
});
