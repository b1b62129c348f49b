import { randomBytes } from 'node:crypto';
import { Given, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { indexClient } from './support/call-outcome.js';
import type { PathForm } from './parameter-types.js';
import { MARKER_FIELDS } from '../src/contract/run-markers.js';
import { sampleExtraFields, sampleRecord, type JsonRecord } from './support/sample-records.js';
import { establishRecord, probeWhenRefused } from './support/establish.js';
import type { KitWorld } from './world.js';

/** POST {base} with the id in the body (§4.1 create), the scenario's action. */
async function createWithId(world: KitWorld, index: ClientIndexKey, fields: JsonRecord): Promise<void> {
  const id = world.newId(index);
  const sent = { id, ...fields };
  world.remember(index, id, sent);
  await world.call((c) => indexClient(c, index).create({ body: sent }));
}

/** A create that varies one thing of the plain sample, the scenario's action (see probeWhenRefused). */
async function createVariant(world: KitWorld, index: ClientIndexKey, fields: JsonRecord): Promise<void> {
  const id = world.newId(index);
  const sent = { id, ...fields };
  world.remember(index, id, sent);
  await probeWhenRefused(world, index, await world.call((c) => indexClient(c, index).create({ body: sent })));
}

// The kit's plain sample as it is, whatever the run fitted (fit-agent-sample.ts): the scenario that checks it is taken.
When('I create {index} with a new id', async function (this: KitWorld, index: ClientIndexKey) {
  await createWithId(this, index, sampleRecord(index, 0, true));
});

When('I create {index} with a new id and extra fields', async function (this: KitWorld, index: ClientIndexKey) {
  this.act('extra-fields');
  await createVariant(this, index, { ...sampleRecord(index), ...sampleExtraFields(index) });
});

// §2 rule 4: a field beyond the tables holding any JSON value (a list of objects, …), kept as sent.
When(
  'I create {index} with a new id and {string} set to the JSON {string}',
  async function (this: KitWorld, index: ClientIndexKey, field: string, json: string) {
    const value: unknown = JSON.parse(json);
    this.act('extra-fields');
    await createVariant(this, index, { ...sampleRecord(index), [field]: value });
  },
);

// §2 rule 3: the service generates the id; the marker finds the record afterwards.
When('I create {index} without an id', async function (this: KitWorld, index: ClientIndexKey) {
  const marker = `${this.kit.runPrefix}marker-${randomBytes(4).toString('hex')}`;
  const sent = { ...sampleRecord(index), [MARKER_FIELDS.conformance]: marker };
  this.cleanup.addMarker(index, MARKER_FIELDS.conformance, marker);
  this.pendingGenerated = { index, sent, marker };
  this.act('generated-id');
  await probeWhenRefused(this, index, await this.call((c) => indexClient(c, index).create({ body: sent })));
});

// POST {base}/{id} with a body without id: the path names the record.
When('I create {index} with a new id in the path', async function (this: KitWorld, index: ClientIndexKey) {
  const id = this.newId(index);
  const body = sampleRecord(index);
  this.remember(index, id, { id, ...body });
  this.act('id-in-path');
  await probeWhenRefused(this, index, await this.call((c) => indexClient(c, index).create({ id, body })));
});

// POST {base}/{id} with the same id in the body: the body is the record the path names.
When('I create {index} with a new id in the path and the same id in the body', async function (this: KitWorld, index: ClientIndexKey) {
  const id = this.newId(index);
  const body = { id, ...sampleRecord(index) };
  this.remember(index, id, body);
  this.act('id-in-path');
  await probeWhenRefused(this, index, await this.call((c) => indexClient(c, index).create({ id, body })));
});

/**
 * Creates a record under a spare id, which the scenario may expect to exist afterwards or not:
 * POST {base} with the id in the body, or POST {base}/{id} with the body as given.
 */
export async function createAt(world: KitWorld, index: ClientIndexKey, path: PathForm, fields: JsonRecord): Promise<void> {
  const id = world.spareId(index);
  world.remember(index, id, { id, ...fields });
  if (path === 'base') await world.call((c) => indexClient(c, index).create({ body: { id, ...fields } }));
  else await world.call((c) => indexClient(c, index).create({ id, body: fields }));
}

function without(fields: JsonRecord, field: string): JsonRecord {
  const copy = { ...fields };
  delete copy[field];
  return copy;
}

// Either outcome is named by the scenario: "no … exists under that id" or "… can be read".
When('I create {index} with a new id but without {string}', async function (this: KitWorld, index: ClientIndexKey, field: string) {
  await createAt(this, index, 'base', without(sampleRecord(index), field));
});

When('I create {index} at {path} with a new id but without {string}', async function (this: KitWorld, index: ClientIndexKey, path: PathForm, field: string) {
  await createAt(this, index, path, without(sampleRecord(index), field));
});

for (const text of ['{index} with a new id exists', '{index} hold(s) a record with a new id']) {
  Given(text, async function (this: KitWorld, index: ClientIndexKey) {
    await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index) });
  });
}

Given('{index} hold(s) a record with a new id and extra fields', async function (this: KitWorld, index: ClientIndexKey) {
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index), ...sampleExtraFields(index) });
});

Given('two {index} with new ids exist', async function (this: KitWorld, index: ClientIndexKey) {
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index, 0) });
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index, 1) });
});

// The shared value holds words, punctuation and an accent, so that a where that matches a run of
// its words, or compares without accents or punctuation, shows (the records below).
Given('two {index} sharing a value of {string} exist', async function (this: KitWorld, index: ClientIndexKey, field: string) {
  const value = `${this.kit.runPrefix}shared-${randomBytes(4).toString('hex')} café-crème`;
  this.shared = { field, value };
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index, 0), [field]: value });
  await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index, 1), [field]: value });
});

/**
 * Values that only resemble the shared one (§4.1 where.equals compares exactly): one starts with
 * it and goes on with another word (what a prefix, substring or phrase search matches), one
 * differs in letter case, one has its accents taken off, one its punctuation turned into runs of
 * spaces (what a search engine's analyser folds away). A where that matches any of them instead of
 * only equal values returns it and fails the scenario.
 */
const RESEMBLING: ReadonlyArray<(value: string) => string> = [
  (value) => `${value} other-${randomBytes(2).toString('hex')}`,
  (value) => value.toUpperCase(),
  (value) => value.normalize('NFD').replace(/\p{M}/gu, ''),
  (value) => value.replace(/-/g, '  '),
];

Given('other {index} whose {string} only resembles the shared value exist', async function (this: KitWorld, index: ClientIndexKey, field: string) {
  if (this.shared?.field !== field) throw new Error(`no records share a value of ${field}`);
  const { value } = this.shared;
  for (const resembling of RESEMBLING) await establishRecord(this, index, { id: this.newId(index), ...sampleRecord(index), [field]: resembling(value) });
});

// §4.1 rule 3: the second create sends other field values, so an overwrite would show.
When('I create {index} with the same id', async function (this: KitWorld, index: ClientIndexKey) {
  const { id } = this.latest(index);
  await this.call((c) => indexClient(c, index).create({ body: { id, ...sampleRecord(index, 1) } }));
});

// The same rule on POST {base}/{id} (§4.1: create is POST {base}[/{id}]).
When('I create {index} with the same id in the path', async function (this: KitWorld, index: ClientIndexKey) {
  const { id } = this.latest(index);
  await this.call((c) => indexClient(c, index).create({ id, body: sampleRecord(index, 1) }));
});
