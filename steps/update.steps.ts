import { randomBytes } from 'node:crypto';
import { Given, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { indexClient } from './support/call-outcome.js';
import { establishRecord } from './support/establish.js';
import { sampleRecord } from './support/sample-records.js';
import { valueAt, withValueAt } from './support/value-at-path.js';
import type { PathForm } from './parameter-types.js';
import type { ActionProfileName } from './support/action-profiles.js';
import type { KitWorld, ScenarioRecord } from './world.js';

// Every update names the target twice, in the path and in the body (same value): the description's
// update body carries "id of the target" (§4.1) and every faithful implementation accepts both.
async function update(world: KitWorld, record: ScenarioRecord, fields: Record<string, unknown>): Promise<void> {
  const body = { ...fields, id: record.id };
  await world.call((c) => indexClient(c, record.index).update({ id: record.id, body }));
}

// §4.1 rules 6 and 7: link type rename, event gains source.
/** The rule an update of one field is judged under: §4.1 rule 6 renames a link type, rule 7 gives an event its source. */
function fieldProfile(index: ClientIndexKey, field: string): ActionProfileName {
  if (index === 'networkLinkTypes' && field === 'name') return 'rename-link-type';
  if (index === 'events' && field === 'source') return 'event-source';
  return 'plain';
}

When('I update {index} setting {string} to {string}', async function (this: KitWorld, index: ClientIndexKey, field: string, value: string) {
  const record = this.latest(index);
  record.sent = { ...record.sent, [field]: value };
  this.act(fieldProfile(index, field));
  await update(this, record, { [field]: value });
});

// §4.1 update: the body holds "the fields to set"; a JSON value (a list, an object) replaces
// the stored one, so a shorter list is a change (200), never "no update needed" (304).
When('I update {index} setting {string} to the JSON {string}', async function (this: KitWorld, index: ClientIndexKey, field: string, json: string) {
  const record = this.latest(index);
  const value: unknown = JSON.parse(json);
  record.sent = { ...record.sent, [field]: value };
  await update(this, record, { [field]: value });
});

// §4.1: PUT {base} with the target id only in the body ("JSON with id of the target").
When(
  'I update {index} naming it only in the body, setting {string} to {string}',
  async function (this: KitWorld, index: ClientIndexKey, field: string, value: string) {
    const record = this.latest(index);
    record.sent = { ...record.sent, [field]: value };
    this.act(fieldProfile(index, field));
    await this.call((c) => indexClient(c, index).update({ body: { id: record.id, [field]: value } }));
  },
);

// §4.1 update: 304 when nothing changes; on {base} the body's id names the record.
When('I update that record at {path} with the values it already has', async function (this: KitWorld, path: PathForm) {
  const record = this.lastRecord();
  const body = { ...record.sent, id: record.id };
  await this.call((c) => indexClient(c, record.index).update({ id: path === 'record' ? record.id : undefined, body }));
});

// §2 rule 4: extra fields may be sent on update too.
When('I update {index} adding an extra field', async function (this: KitWorld, index: ClientIndexKey) {
  const record = this.latest(index);
  const note = { note: `added by update ${randomBytes(3).toString('hex')}` };
  record.sent = { ...record.sent, ...note };
  this.act('extra-fields');
  await update(this, record, note);
});

/** The same JSON type holding another value: a string gets a suffix, a list has each entry changed, a boolean flips. */
function changedValue(value: unknown): unknown {
  if (typeof value === 'string') return `${value}-changed`;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return value.map(changedValue);
  throw new Error(`no changed value for ${JSON.stringify(value)}`);
}

// §4.1 update: 304 only "when nothing would change", so one value changed at any depth — in
// an entry's config, in a list inside it, inside an extra field — is a change. The whole top-level
// field is sent with that one value changed: whether an implementation merges what it is sent
// (entries by id, §4.1 rule 5) or replaces the field, the stored record is the same.
When('I update that record changing only the value at {string}', async function (this: KitWorld, path: string) {
  const record = this.lastRecord();
  record.sent = withValueAt(record.sent, path, changedValue(valueAt(record.sent, path)));
  const field = path.split('.')[0]!;
  this.act('update-depth');
  await update(this, record, { [field]: record.sent[field] });
});

/**
 * Values of each JSON type (§2 rule 4: fields beyond the tables hold any JSON value), and the two
 * updates that change only their type: to the same text in another type, then numbers to the
 * booleans a driver maps them to. A service whose change detection compares values as text, or
 * takes 0 and false, 1 and true for the same, answers such an update 304 and stores nothing —
 * yet each changes the record (§4.1 update: 304 only when nothing would change). Each update
 * changes only values one such comparison takes for equal, so that comparison finds no change.
 */
const TYPED_VALUES = { as_number: 1, as_boolean: true, as_text: '1', nothing: null, zero: 0, one: 1 };
const TYPE_CHANGES: Readonly<Record<string, Record<string, unknown>>> = {
  'each value to the same text in another JSON type': { as_number: '1', as_boolean: 'true', as_text: 1, nothing: 'null' },
  'its numbers 0 and 1 to the booleans false and true': { zero: false, one: true },
};

Given('{index} hold(s) a record with a new id and values of every JSON type', async function (this: KitWorld, index: ClientIndexKey) {
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index), ...TYPED_VALUES });
});

When(
  /^I update that record setting (each value to the same text in another JSON type|its numbers 0 and 1 to the booleans false and true)$/,
  async function (this: KitWorld, change: string) {
    const record = this.lastRecord();
    const fields = TYPE_CHANGES[change]!;
    record.sent = { ...record.sent, ...fields };
    this.act('update-json-type');
    await update(this, record, fields);
  },
);

// §2 rule 1: id is readonly.
When('I update that record changing its id to a new id', async function (this: KitWorld) {
  const record = this.lastRecord();
  const newId = this.spareId(record.index);
  this.act('id-change');
  await this.call((c) => indexClient(c, record.index).update({ id: record.id, body: { id: newId } }));
});

// An update names a record that does not exist: it must not answer as if it updated, nor create it.
When('I update {index} at {path} naming an id that does not exist', async function (this: KitWorld, index: ClientIndexKey, path: PathForm) {
  const id = this.spareId(index);
  const body = { id, note: 'must not be stored' };
  await this.call((c) => indexClient(c, index).update({ id: path === 'record' ? id : undefined, body }));
});

// Extension (x-decisions batches): an update body may be a list of records.
When('I update both {index} in one batch setting {string} to {string}', async function (this: KitWorld, index: ClientIndexKey, field: string, value: string) {
  const records = this.made(index);
  for (const record of records) record.sent = { ...record.sent, [field]: value };
  this.act('batch-update');
  await this.call((c) => indexClient(c, index).update({ body: records.map((r) => ({ id: r.id, [field]: value })) }));
});
