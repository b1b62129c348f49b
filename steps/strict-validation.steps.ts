import { Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { createAt } from './create.steps.js';
import type { PathForm } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import { extensionState } from './support/record-family.js';
import { sampleAgent, sampleRecord, type AgentList, type JsonRecord } from './support/sample-records.js';
import { checkAbsent } from './support/stored-as-sent.js';
import type { KitWorld } from './world.js';

// Extension (x-decisions readonly-id, id-source, update-merge): 406 naming the refused field.

const LISTS: readonly string[] = ['actions', 'parameters', 'resources'];

function asList(word: string): AgentList {
  if (!LISTS.includes(word)) throw new Error(`not a list of an agent: ${word}`);
  return word as AgentList;
}

/** Two entries of the list with the id of the sample's first entry, differing in description. */
function repeatedEntries(list: AgentList): JsonRecord[] {
  const first = (sampleAgent()[list] as JsonRecord[])[0]!;
  return [
    { ...first, description: 'one' },
    { ...first, description: 'two' },
  ];
}

When('I create {index} with a new id in the path and another new id in the body', async function (this: KitWorld, index: ClientIndexKey) {
  const pathId = this.spareId(index);
  const bodyId = this.newId(index);
  this.cleanup.addId(index, bodyId);
  extensionState(this).mustBeAbsent = [pathId, bodyId];
  this.act('path-body-id');
  await this.call((c) => indexClient(c, index).create({ id: pathId, body: { id: bodyId, ...sampleRecord(index) } }));
});

Then('no {index} record exists under either id', async function (this: KitWorld, index: ClientIndexKey) {
  for (const id of extensionState(this).mustBeAbsent ?? []) await checkAbsent(this, index, id);
});

When('I create an agent at {path} with a new id whose {word} hold two entries of one id', async function (this: KitWorld, path: PathForm, word: string) {
  const list = asList(word);
  this.act('repeated-entry-ids');
  await createAt(this, 'agents', path, { ...sampleAgent(), [list]: repeatedEntries(list) });
});

When('I update that agent at {path} sending two {word} entries of one id', async function (this: KitWorld, path: PathForm, word: string) {
  const list = asList(word);
  const record = this.lastRecord();
  const body = { id: record.id, [list]: repeatedEntries(list) };
  this.act('repeated-entry-ids');
  await this.call((c) => indexClient(c, 'agents').update({ id: path === 'record' ? record.id : undefined, body }));
});
