import { When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { createAt } from './create.steps.js';
import { indexFromWords } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import { sampleRecord, type JsonRecord } from './support/sample-records.js';
import { withValueAt } from './support/value-at-path.js';
import type { KitWorld } from './world.js';

/**
 * The update body that sets the value at a dotted path of a stored record: a top-level field is
 * sent alone; inside a list entry, the whole entry is sent with the value replaced (entries are
 * addressed by id, §4.1 rule 5).
 */
export function updateBodySetting(record: JsonRecord, path: string, value: unknown): JsonRecord {
  const [top = '', position, ...rest] = path.split('.');
  if (position === undefined || !/^\d+$/.test(position)) return { id: record['id'], [top]: value };
  const entry = (record[top] as JsonRecord[])[Number(position)]!;
  return { id: record['id'], [top]: [rest.length === 0 ? value : withValueAt(entry, rest.join('.'), value)] };
}

const parse = (json: string): unknown => JSON.parse(json) as unknown;

// §2.2, §2.3: each field has the type its table gives; another JSON type is refused.
When(
  /^I create (events?|network link types?|agents?) with a new id whose (\S+) is (.+)$/,
  async function (this: KitWorld, words: string, path: string, json: string) {
    const index: ClientIndexKey = indexFromWords(words);
    this.act('wrong-json-type');
    await createAt(this, index, 'base', withValueAt(sampleRecord(index), path, parse(json)));
  },
);

When(/^I update that record setting (\S+) to (.+)$/, async function (this: KitWorld, path: string, json: string) {
  const record = this.lastRecord();
  const body = updateBodySetting(record.sent, path, parse(json));
  this.act('wrong-json-type');
  await this.call((c) => indexClient(c, record.index).update({ id: record.id, body }));
});
