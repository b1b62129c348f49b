import { Then, When } from '@cucumber/cucumber';
import { indexFromWords } from './parameter-types.js';
import type { ClientIndexKey } from '../src/client/index.js';
import { REFUSAL_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { expectThat, indexClient, type CallOutcome } from './support/call-outcome.js';
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

/** What went wrong, field by field; the Then step fails on the whole list. */
const findings = new WeakMap<KitWorld, string[]>();

const says = (outcome: CallOutcome) => `${outcome.status} ${outcome.rawBody.slice(0, 160)}`;
const refused = (outcome: CallOutcome) => REFUSAL_STATUSES.includes(outcome.status);
const show = (value: unknown) => JSON.stringify(value);

/** Creates under a spare id at {base} or {base}/{id}; the id is registered for clean-up. */
async function createAt(world: KitWorld, index: ClientIndexKey, record: JsonRecord, atPath: boolean): Promise<{ id: string; outcome: CallOutcome }> {
  const id = world.spareId(index);
  const outcome = await world.call((c) =>
    atPath ? indexClient(c, index).create({ id, body: record }) : indexClient(c, index).create({ body: { id, ...record } }),
  );
  world.response();
  return { id, outcome };
}

/** For a hidden-name field: does the target type it (it refuses a wrong value on create)? Stored as sent otherwise. */
async function typesHiddenField(world: KitWorld, index: ClientIndexKey, field: TypedField, wrong: unknown, problems: string[]): Promise<boolean | undefined> {
  const record = withValueAt(fullSample(index, { hiddenNames: false, openShapes: false }), field.path, wrong);
  const { id, outcome } = await createAt(world, index, record, false);
  if (refused(outcome)) {
    const stored = await readStored(world, index, id);
    if (stored) problems.push(`create ${field.label} = ${show(wrong)}: refused (${outcome.status}) yet stored`);
    return true;
  }
  if (outcome.status !== 201) {
    problems.push(`create ${field.label} = ${show(wrong)}: answered ${says(outcome)}; expected a refusal or, for a field the target keeps as an extra, 201`);
    return undefined;
  }
  const stored = await readStored(world, index, id);
  const mismatch = findSentMismatch(stored, { id, ...record });
  if (mismatch !== undefined) problems.push(`create ${field.label} = ${show(wrong)}: taken as an extra field (201) but not stored as sent, at ${mismatch}`);
  return false;
}

When(
  /^I create (network link types|agents) giving each field whose type is stated a value of another JSON type in turn$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const problems: string[] = [];
    findings.set(this, problems);
    let attempt = 0;
    for (const field of typedFields(index)) {
      for (const wrong of field.wrongValues) {
        if (field.hiddenName) {
          await typesHiddenField(this, index, field, wrong, problems);
          continue;
        }
        const record = withValueAt(fullSample(index, { hiddenNames: false, openShapes: false }), field.path, wrong);
        const { id, outcome } = await createAt(this, index, record, attempt++ % 2 === 1);
        if (!refused(outcome))
          problems.push(`create ${field.label} = ${show(wrong)}: answered ${says(outcome)}, expected a refusal (${REFUSAL_STATUSES.join(', ')})`);
        const stored = await readStored(this, index, id);
        if (stored) problems.push(`create ${field.label} = ${show(wrong)}: a record was stored under ${id}: ${show(stored).slice(0, 200)}`);
      }
    }
  },
);

When(
  /^I update (network link types|agents) giving each field whose type is stated a value of another JSON type in turn$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const problems: string[] = [];
    findings.set(this, problems);
    const base = fullSample(index, { hiddenNames: false, openShapes: false });
    const { id, outcome: created } = await createAt(this, index, base, false);
    if (created.status !== 201) throw new Error(`could not create the record every update names: ${says(created)}`);
    let expected: JsonRecord = { id, ...base };
    let attempt = 0;
    for (const field of typedFields(index)) {
      // An entry's id addresses it in an update (§4.1 rule 5): it is not a field an update sets.
      if (field.path.length > 1 && field.path[field.path.length - 1] === 'id') continue;
      for (const wrong of field.wrongValues) {
        const typed = field.hiddenName ? await typesHiddenField(this, index, field, wrong, problems) : true;
        if (typed === undefined) continue;
        const body = { id, ...updateSetting(expected, field.path, wrong) };
        const atPath = attempt++ % 2 === 1;
        const outcome = await this.call((c) => indexClient(c, index).update({ id: atPath ? id : undefined, body }));
        this.response();
        const stored = await readStored(this, index, id);
        const what = `update ${field.label} = ${show(wrong)}`;
        if (refused(outcome) || !field.hiddenName) {
          if (!refused(outcome))
            problems.push(
              `${what}: answered ${says(outcome)}, expected a refusal (${REFUSAL_STATUSES.join(', ')})${field.hiddenName ? ', as the create refused it' : ''}`,
            );
          const mismatch = findSentMismatch(stored, expected) ?? findSentMismatch(expected, stored);
          if (mismatch !== undefined) problems.push(`${what}: the record changed, at ${mismatch}`);
        } else if (typed) {
          problems.push(`${what}: answered ${says(outcome)}, but the same value was refused on create: a typed field is typed on update too`);
        } else if (outcome.status === 200) {
          const mismatch = findSentMismatch(stored, withValueAt(expected, field.path, wrong));
          if (mismatch !== undefined) problems.push(`${what}: taken as an extra field (200) but not stored as sent, at ${mismatch}`);
        } else problems.push(`${what}: answered ${says(outcome)}; expected a refusal or 200`);
        // Go on from what the target holds, so one wrong answer is reported once.
        if (stored) expected = stored;
      }
    }
  },
);

Then('every one is refused and nothing is stored or changed', function (this: KitWorld) {
  const problems = findings.get(this) ?? [];
  expectThat(problems.length === 0, `${problems.length} wrong answer(s) to a value of another JSON type (§2.2, §2.3):\n  ${problems.join('\n  ')}`);
});
