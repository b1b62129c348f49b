import { When } from '@cucumber/cucumber';
import { indexFromWords } from './parameter-types.js';
import { contentFields } from './support/content-samples.js';
import { indexClient } from './support/call-outcome.js';
import { sampleRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

// §2 rule 4 and the field tables: what is stored is what was sent, whatever the characters,
// the nesting or the numbers (read back by id and compared value by value).

When(/^I create (events|network link types|agents) with a new id holding (.+)$/, async function (this: KitWorld, words: string, kind: string) {
  const index = indexFromWords(words);
  const id = this.newId(index);
  const sent = { id, ...sampleRecord(index), ...contentFields(index, kind, 0) };
  this.remember(index, id, sent);
  await this.call((c) => indexClient(c, index).create({ body: sent }));
});

When(/^I update that record setting the same fields to other (.+)$/, async function (this: KitWorld, kind: string) {
  const record = this.lastRecord();
  const fields = contentFields(record.index, kind, 1);
  record.sent = { ...record.sent, ...fields };
  await this.call((c) => indexClient(c, record.index).update({ id: record.id, body: { id: record.id, ...fields } }));
});
