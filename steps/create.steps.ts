import { randomBytes } from 'node:crypto';
import { Given, When } from '@cucumber/cucumber';
import type { IndexName } from '../src/client/index.js';
import { indexClient } from './support/loose-index-client.js';
import { MARKER_FIELD, sampleAgentWithNestedExtras, sampleExtraFields, sampleRecord, type JsonRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

/** POST {base} with the id in the body (seed §4.1 create). */
async function createWithId(world: KitWorld, index: IndexName, fields: JsonRecord): Promise<number> {
  const id = world.newId(index);
  const sent = { id, ...fields };
  world.remember(index, id, sent);
  const outcome = await world.call((c) => indexClient(c, index).create(sent));
  return outcome.status;
}

/** A Given: the record must be created, or the scenario cannot go on. */
async function ensureCreated(world: KitWorld, index: IndexName, fields: JsonRecord): Promise<void> {
  const status = await createWithId(world, index, fields);
  world.response();
  if (status !== 201) throw new Error(`could not create the ${index} record the scenario needs: ${world.lastResponse?.rawBody}`);
}

When('I create {index} with a new id', async function (this: KitWorld, index: IndexName) {
  await createWithId(this, index, sampleRecord(index));
});

When('I create {index} with a new id and extra fields', async function (this: KitWorld, index: IndexName) {
  await createWithId(this, index, { ...sampleRecord(index), ...sampleExtraFields(index) });
});

// seed §2 rule 4 inside the agent's lists: entries and configs keep extra fields too.
When('I create an agent with a new id and extra fields inside its actions, parameters and resources', async function (this: KitWorld) {
  await createWithId(this, 'agents', sampleAgentWithNestedExtras());
});

// seed §2 rule 3: the service generates the id; the marker finds the record afterwards.
When('I create {index} without an id', async function (this: KitWorld, index: IndexName) {
  const marker = `${this.kit.runPrefix}marker-${randomBytes(4).toString('hex')}`;
  const sent = { ...sampleRecord(index), [MARKER_FIELD]: marker };
  this.cleanup.addMarker(index, MARKER_FIELD, marker);
  this.pendingGenerated = { index, sent, marker };
  await this.call((c) => indexClient(c, index).create(sent));
});

// POST {base}/{id} with a body without id: the path names the record.
When('I create {index} with a new id in the path', async function (this: KitWorld, index: IndexName) {
  const id = this.newId(index);
  const body = sampleRecord(index);
  this.remember(index, id, { id, ...body });
  await this.call((c) => indexClient(c, index).create(body, { id }));
});

When('I create {index} with a new id but without {string}', async function (this: KitWorld, index: IndexName, field: string) {
  const fields = sampleRecord(index);
  delete fields[field];
  // Either outcome is named by the scenario: "no … exists under that id" or "… can be read".
  const id = this.spareId(index);
  const sent = { id, ...fields };
  this.remember(index, id, sent);
  await this.call((c) => indexClient(c, index).create(sent));
});

Given('{index} with a new id exists', async function (this: KitWorld, index: IndexName) {
  await ensureCreated(this, index, sampleRecord(index));
});

Given('{index} hold(s) a record with a new id', async function (this: KitWorld, index: IndexName) {
  await ensureCreated(this, index, sampleRecord(index));
});

Given('two {index} with new ids exist', async function (this: KitWorld, index: IndexName) {
  await ensureCreated(this, index, sampleRecord(index, 0));
  await ensureCreated(this, index, sampleRecord(index, 1));
});

Given('two {index} sharing a value of {string} exist', async function (this: KitWorld, index: IndexName, field: string) {
  const value = `${this.kit.runPrefix}shared-${randomBytes(4).toString('hex')}`;
  this.shared = { field, value };
  await ensureCreated(this, index, { ...sampleRecord(index, 0), [field]: value });
  await ensureCreated(this, index, { ...sampleRecord(index, 1), [field]: value });
});

// The different value starts with the shared one, so a where that matches by prefix or by
// substring instead of by equality (seed §4.1 where.equals) returns it and fails the scenario.
Given('another {index} with a different value of {string} exists', async function (this: KitWorld, index: IndexName, field: string) {
  const base = this.shared?.field === field ? this.shared.value : `${this.kit.runPrefix}other`;
  await ensureCreated(this, index, { ...sampleRecord(index), [field]: `${base}-other-${randomBytes(2).toString('hex')}` });
});

// seed §4.1 rule 3: the second create sends other field values, so an overwrite would show.
When('I create {index} with the same id', async function (this: KitWorld, index: IndexName) {
  const { id } = this.latest(index);
  await this.call((c) => indexClient(c, index).create({ id, ...sampleRecord(index, 1) }));
});

// The same rule on POST {base}/{id} (seed §4.1: create is POST {base}[/{id}]).
When('I create {index} with the same id in the path', async function (this: KitWorld, index: IndexName) {
  const { id } = this.latest(index);
  await this.call((c) => indexClient(c, index).create(sampleRecord(index, 1), { id }));
});
