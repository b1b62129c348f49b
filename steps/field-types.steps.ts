import { Then, When } from '@cucumber/cucumber';
import { indexFromWords } from './parameter-types.js';
import type { ClientIndexKey } from '../src/client/index.js';
import { REFUSAL_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { indexClient, type CallOutcome } from './support/call-outcome.js';
import { establishCreate } from './support/establish.js';
import { checkRefusalBody } from './support/envelope-items.js';
import { judgeAnswer } from './support/judge-status.js';
import { readStored } from './support/stored-as-sent.js';
import { fullSample, typedFields, updateSetting, type TypedField } from './support/typed-fields.js';
import { withValueAt } from './support/value-at-path.js';
import type { JsonRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

// §2.2, §2.3: every field whose type the description states refuses a value of another JSON
// type, on create and on update, at any depth, and nothing is stored or changed. The fields come
// from the spec's schemas (typed-fields.ts); each is tried with two or three wrong values, the
// path form alternating between {base} and {base}/{id}. Hidden-name fields (faithful-answers
// hidden-name-fields) are typed only by a target that uses their name: such a target refuses a
// wrong value on create, and must then refuse it on update too.

/** One request of the When step: which field and value, the answer, the statuses it may have, and what reading back found wrong. */
interface Attempt {
  what: string;
  outcome: CallOutcome;
  allowed: readonly number[];
  /** The kind of wrong state read back (`stored`, `changed at …`, `not stored as sent`), with its details. */
  state?: { kind: string; details: string };
}

const attempts = new WeakMap<KitWorld, Attempt[]>();

const refused = (outcome: CallOutcome) => REFUSAL_STATUSES.includes(outcome.status);
const show = (value: unknown) => JSON.stringify(value);
const place = (mismatch: string) => mismatch.slice(0, Math.max(0, mismatch.indexOf(': ')) || undefined);

/** Creates under a spare id at {base} or {base}/{id}; the id is registered for clean-up. */
async function createAt(world: KitWorld, index: ClientIndexKey, record: JsonRecord, atPath: boolean): Promise<{ id: string; outcome: CallOutcome }> {
  const id = world.spareId(index);
  const outcome = await world.call((c) =>
    atPath ? indexClient(c, index).create({ id, body: record }) : indexClient(c, index).create({ body: { id, ...record } }),
  );
  return { id, outcome };
}

/** For a hidden-name field: does the target type it (it refuses a wrong value on create)? Stored as sent otherwise. */
async function typesHiddenField(world: KitWorld, index: ClientIndexKey, field: TypedField, wrong: unknown, log: Attempt[]): Promise<boolean | undefined> {
  const record = withValueAt(fullSample(index, { hiddenNames: false, openShapes: false }), field.path, wrong);
  const { id, outcome } = await createAt(world, index, record, false);
  const what = `create ${field.label} = ${show(wrong)}`;
  const attempt: Attempt = { what, outcome, allowed: [...REFUSAL_STATUSES, 201] };
  log.push(attempt);
  const { record: stored } = await readStored(world, index, id);
  if (refused(outcome)) {
    if (stored) attempt.state = { kind: 'stored', details: `refused (${outcome.status}) yet stored` };
    return true;
  }
  if (outcome.status !== 201) return undefined;
  const mismatch = findSentMismatch(stored, { id, ...record });
  if (mismatch !== undefined) attempt.state = { kind: 'not stored as sent', details: `taken as an extra field (201) but not stored as sent, at ${mismatch}` };
  return false;
}

When(
  /^I create (network link types|agents) giving each field whose type is stated a value of another JSON type in turn$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const log: Attempt[] = [];
    attempts.set(this, log);
    let attempt = 0;
    for (const field of typedFields(index)) {
      for (const wrong of field.wrongValues) {
        if (field.hiddenName) {
          await typesHiddenField(this, index, field, wrong, log);
          continue;
        }
        const record = withValueAt(fullSample(index, { hiddenNames: false, openShapes: false }), field.path, wrong);
        const { id, outcome } = await createAt(this, index, record, attempt++ % 2 === 1);
        const entry: Attempt = { what: `create ${field.label} = ${show(wrong)}`, outcome, allowed: REFUSAL_STATUSES };
        log.push(entry);
        const { record: stored } = await readStored(this, index, id);
        if (stored) entry.state = { kind: 'stored', details: `a record was stored under ${id}: ${show(stored).slice(0, 200)}` };
      }
    }
  },
);

When(
  /^I update (network link types|agents) giving each field whose type is stated a value of another JSON type in turn$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const log: Attempt[] = [];
    attempts.set(this, log);
    const base = fullSample(index, { hiddenNames: false, openShapes: false });
    // The record every update names: lenient setup (any success, read back), else blocked.
    const id = this.spareId(index);
    await establishCreate(this, index, id, { id, ...base });
    let expected: JsonRecord = { id, ...base };
    let attempt = 0;
    for (const field of typedFields(index)) {
      // An entry's id addresses it in an update (§4.1 rule 5): it is not a field an update sets.
      if (field.path.length > 1 && field.path[field.path.length - 1] === 'id') continue;
      for (const wrong of field.wrongValues) {
        const typed = field.hiddenName ? await typesHiddenField(this, index, field, wrong, log) : true;
        if (typed === undefined) continue;
        const body = { id, ...updateSetting(expected, field.path, wrong) };
        const atPath = attempt++ % 2 === 1;
        const outcome = await this.call((c) => indexClient(c, index).update({ id: atPath ? id : undefined, body }));
        const { record: stored } = await readStored(this, index, id);
        const what = `update ${field.label} = ${show(wrong)}${field.hiddenName ? ' (refused on create)' : ''}`;
        // A typed field is refused on update too; a hidden-name field the target keeps as an extra is stored as sent.
        const entry: Attempt = { what, outcome, allowed: typed ? REFUSAL_STATUSES : [...REFUSAL_STATUSES, 200] };
        log.push(entry);
        if (refused(outcome) || typed) {
          const mismatch = findSentMismatch(stored, expected) ?? findSentMismatch(expected, stored);
          if (mismatch !== undefined) entry.state = { kind: `changed at ${place(mismatch)}`, details: `the record changed, at ${mismatch}` };
        } else if (outcome.status === 200) {
          const mismatch = findSentMismatch(stored, withValueAt(expected, field.path, wrong));
          if (mismatch !== undefined)
            entry.state = { kind: 'not stored as sent', details: `taken as an extra field (200) but not stored as sent, at ${mismatch}` };
        }
        // Go on from what the target holds, so one wrong answer is reported once.
        if (stored) expected = stored;
      }
    }
  },
);

// Each answer is judged (a refusal, with its envelope, or — for a hidden-name field the target
// keeps as an extra — a success), and what was read back after it.
Then('every one is refused and nothing is stored or changed', function (this: KitWorld) {
  const log = attempts.get(this) ?? [];
  for (const { what, outcome, allowed } of log) {
    if (judgeAnswer(this, outcome, allowed, '2-field-types/status', what) && refused(outcome)) checkRefusalBody(this, outcome);
  }
  const wrong = log.filter((a) => a.state !== undefined);
  this.verify('2-field-types/nothing-stored', wrong.length === 0, {
    expected: 'nothing stored or changed by a refused value; a value taken as an extra field stored as sent',
    observed: [...new Set(wrong.map((a) => a.state!.kind))].sort().join(', '),
    message: `${wrong.length} wrong state(s) after a value of another JSON type (§2.2, §2.3):\n  ${wrong.map((a) => `${a.what}: ${a.state!.details}`).join('\n  ')}`,
  });
});
