import { When } from '@cucumber/cucumber';
import { indexFromWords } from './parameter-types.js';
import { indexClient } from './support/call-outcome.js';
import { probeUpdateWhenRefused, probeWhenRefused } from './support/establish.js';
import { sampleAgent, sampleRecord, type JsonRecord } from './support/sample-records.js';
import type { ClientIndexKey } from '../src/client/index.js';
import type { KitWorld } from './world.js';

/**
 * Values real records hold, by kind, in two variants (0 on create, 1 on update): each must be
 * read back exactly as sent (§2 rule 4 for fields beyond the tables, the field tables' String
 * for the rest). Objects keep their keys from variant to variant, so an update that merges an
 * object and one that replaces it store the same (NOT_ASKED object-in-update).
 */
const CONTENT: Readonly<Record<string, readonly [JsonRecord, JsonRecord]>> = {
  'text beyond ASCII': [
    { text: 'Größe – café, naïve, Ærø', cjk: '東京の回線 서울 北京', astral: '🚀 𝄞 👩🏽‍💻 🇫🇷' },
    { text: 'Ελληνικά — Кириллица — עברית', cjk: '大阪の回線 부산', astral: '🛰️ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🧑🏿‍🔧' },
  ],
  // U+0000 included: JSON text carries it as \u0000, and the field tables type these as String.
  'escapes and control characters': [
    { quoted: 'say "hi" to C:\\temp\\new', lines: 'one\ntwo\tthree\r\n', controls: '\u0000\u0001\u0008\u000c\u001f\u007f', slash: '</script>' },
    { quoted: 'it\'s "quoted" \\\\ twice', lines: '\n\n\t', controls: '\u0002\u001b[0m\u0000', slash: 'a/b\\/c' },
  ],
  'nested objects and lists': [
    {
      nested: { level1: { level2: { level3: { value: 'deep', list: [1, { inner: ['a', { x: 'z' }] }] } } } },
      matrix: [
        [1, 2],
        [3, [4, [5]]],
      ],
      entries: [
        { k: 'a', v: 1 },
        { k: 'b', v: [true, false] },
      ],
    },
    {
      nested: { level1: { level2: { level3: { value: 'deeper', list: [2, { inner: ['b', { x: 'y' }] }] } } } },
      matrix: [[6], [[7, 8]]],
      entries: [{ k: 'c', v: { w: 2 } }],
    },
  ],
  'empty strings, objects and lists': [
    { blank: '', nothing: {}, none: [], inside: { blank: '', nothing: {}, none: [] }, lists: [[], {}, ''] },
    { blank: '', nothing: {}, none: [], inside: { blank: '', nothing: {}, none: [], revision: 2 }, lists: [{}, [], ''] },
  ],
  // Within the integers a double carries exactly (±(2^53-1)); beyond them an implementation's
  // numbers may round, which JSON leaves to it (RFC 8259 §6).
  'large integers and decimals': [
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: decimals with many digits are the sample, not an approximation of π.
    { big: 9007199254740991, negative: -9007199254740991, decimal: 0.1, pi: 3.141592653589793, tiny: 1e-7, huge: 1.5e300, cents: 1234567.89 },
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: decimals with many digits are the sample, not an approximation of e.
    { big: 9007199254740990, negative: -9007199254740990, decimal: 0.3, pi: 2.718281828459045, tiny: 5e-324, huge: -1.7976931348623157e308, cents: 0.01 },
  ],
};

/** The kinds the features name. */
export const CONTENT_KINDS = Object.keys(CONTENT);

/**
 * The fields a record of the index gets for a kind: the values as fields beyond the tables, and
 * for text kinds the index's own string fields too (a link type's name and description, an
 * agent action's description), sent whole so a merging and a replacing update store the same.
 */
function contentFields(index: ClientIndexKey, kind: string, variant: 0 | 1): JsonRecord {
  const pair = CONTENT[kind];
  if (!pair) throw new Error(`no content kind "${kind}"; known: ${CONTENT_KINDS.join(', ')}`);
  const values = pair[variant];
  const text = typeof values['text'] === 'string' ? values['text'] : typeof values['quoted'] === 'string' ? values['quoted'] : undefined;
  if (text === undefined) return { ...values };
  if (index === 'networkLinkTypes') return { ...values, name: `${text} (name)`, description: `${text} (description)` };
  if (index === 'agents') {
    const actions = (sampleAgent()['actions'] as JsonRecord[]).map((action) => ({ ...action, description: `${text} (${String(action['id'])})` }));
    return { ...values, actions };
  }
  return { ...values };
}

// §2 rule 4 and the field tables: what is stored is what was sent, whatever the characters,
// the nesting or the numbers (read back by id and compared value by value).

When(/^I create (events|network link types|agents) with a new id holding (.+)$/, async function (this: KitWorld, words: string, kind: string) {
  const index = indexFromWords(words);
  const id = this.newId(index);
  const sent = { id, ...sampleRecord(index), ...contentFields(index, kind, 0) };
  this.remember(index, id, sent);
  this.act('content');
  await probeWhenRefused(this, index, await this.call((c) => indexClient(c, index).create({ body: sent })));
});

When(/^I update that record setting the same fields to other (.+)$/, async function (this: KitWorld, kind: string) {
  const record = this.lastRecord();
  const fields = contentFields(record.index, kind, 1);
  const before = record.sent;
  record.sent = { ...record.sent, ...fields };
  this.act('content');
  const answer = await this.call((c) => indexClient(c, record.index).update({ id: record.id, body: { id: record.id, ...fields } }));
  await probeUpdateWhenRefused(this, record, before, Object.keys(fields), answer);
});
