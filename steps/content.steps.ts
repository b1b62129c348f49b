import { Then, When } from '@cucumber/cucumber';
import { EDGE_NUMBERS, NUL, SIZE_LIMIT_STATUSES, STORE_LIMIT_STATUSES } from '../src/contract/faithful-answers.js';
import { indexFromWords } from './parameter-types.js';
import { indexClient, isTaken } from './support/call-outcome.js';
import { checkRefusalBody } from './support/envelope-items.js';
import { establishRecord, probeUpdateWhenRefused, probeWhenRefused } from './support/establish.js';
import { judgeStatus } from './support/judge-status.js';
import { sampleAgent, sampleRecord, type JsonRecord } from './support/sample-records.js';
import { checkStoredAsSent } from './support/stored-as-sent.js';
import type { ClientIndexKey } from '../src/client/index.js';
import type { KitWorld, ScenarioRecord } from './world.js';

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
  // U+0000 aside: a service may refuse it (faithful-answers nul-character), so EDGE_VALUES holds it.
  'escapes and control characters': [
    { quoted: 'say "hi" to C:\\temp\\new', lines: 'one\ntwo\tthree\r\n', controls: '\u0001\u0008\u000c\u001f\u007f', slash: '</script>' },
    { quoted: 'it\'s "quoted" \\\\ twice', lines: '\n\n\t', controls: '\u0002\u001b[0m\u0001', slash: 'a/b\\/c' },
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
  // Text a store may type by its look (a date-time, a date or a decimal column, a boolean) and
  // write back re-formatted: §2 rule 4 keeps the text that was sent, at any depth.
  'text that reads as a date, a time or a number': [
    {
      at: '2026-11-28T10:00:00Z',
      offset: '2026-11-28T10:00:00+01:00',
      day: '2026-11-28',
      time: '10:00:00',
      count: '42',
      padded: '0042',
      price: '1.50',
      negative: '-7',
      flag: 'true',
      nested: { when: '2026-11-28T10:00:00.5Z', list: ['2026-01-31', '3.14'] },
    },
    {
      at: '2027-01-02T23:59:59Z',
      offset: '2027-01-02T08:30:00-05:00',
      day: '2027-01-02',
      time: '23:59',
      count: '7',
      padded: '007',
      price: '0.10',
      negative: '-0.5',
      flag: 'false',
      nested: { when: '2027-01-02T00:00:00.000+00:00', list: ['2027-12-31', '100'] },
    },
  ],
  // Within the integers a double carries exactly (±(2^53-1)); beyond them an implementation's
  // numbers may round, which JSON leaves to it (RFC 8259 section 6). Within a 32-bit float's range
  // and not subnormal: beyond, a service may refuse them (faithful-answers number-range, EDGE_VALUES).
  'large integers and decimals': [
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: decimals with many digits are the sample, not an approximation of π.
    { big: 9007199254740991, negative: -9007199254740991, decimal: 0.1, pi: 3.141592653589793, tiny: 1e-7, huge: 1.5e30, cents: 1234567.89 },
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: decimals with many digits are the sample, not an approximation of e.
    { big: 9007199254740990, negative: -9007199254740990, decimal: 0.3, pi: 2.718281828459045, tiny: 2.5e-30, huge: -3.4e38, cents: 0.01 },
  ],
};

/**
 * Text longer than the columns stores commonly give a string — a varchar(255), 4000 bytes (an
 * Oracle VARCHAR2, a SQL Server nvarchar(4000) counts characters), a TEXT column's 65535 bytes —
 * with a letter that changes every character, so a cut anywhere shows. `seed` tells the variants apart.
 */
function longText(seed: string, characters: number, alphabet: string): string {
  const letters = [...alphabet];
  return Array.from({ length: characters }, (_, i) => (i === 0 ? seed : letters[i % letters.length])).join('');
}

/** The kind of the feature that may be refused for a size limit (faithful-answers value-size-limit) rather than judged as content. */
const LONG_TEXT = 'text longer than a column';

/** Built on first use: 140,000 characters a worker that runs no long-text scenario need not make at start. */
let long: readonly [JsonRecord, JsonRecord] | undefined;
const longValues = (): readonly [JsonRecord, JsonRecord] =>
  (long ??= [
    {
      over255: longText('a', 300, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      over4000bytes: longText('b', 2100, 'éüßçñøåþ'),
      over65535bytes: longText('c', 70_000, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    },
    {
      over255: longText('d', 300, 'zyxwvutsrqponmlkjihgfedcba9876543210'),
      over4000bytes: longText('e', 2100, 'ÀÉÎÕÜÇÑÞ'),
      over65535bytes: longText('f', 70_000, 'abcdefghijklmnopqrstuvwxyz'),
    },
  ]);

/** The kind of the feature that may be refused for U+0000 or a number's range (faithful-answers nul-character, number-range) rather than judged as content. */
const EDGE_VALUES = 'U+0000 and the edges of a double';

/** U+0000 in values, in a list and in a field name; the numbers at the edges of a double (EDGE_NUMBERS), each variant its own. */
const EDGE: readonly [JsonRecord, JsonRecord] = [
  { nul: `a${NUL}b`, edges: EDGE_NUMBERS.slice(0, 3), tiny: EDGE_NUMBERS[3]!, [`with${NUL}nul`]: 1 },
  { nul: `${NUL}`, edges: [EDGE_NUMBERS[4]!, `c${NUL}`], tiny: EDGE_NUMBERS[5]!, [`with${NUL}nul`]: 2 },
];

/** The kinds that may be refused (their Then steps judge the refusal), each with the action profile of its checks. */
const REFUSABLE: Readonly<Record<string, { action: 'long-values' | 'edge-values' }>> = {
  [LONG_TEXT]: { action: 'long-values' },
  [EDGE_VALUES]: { action: 'edge-values' },
};

/** The kinds the features name. */
export const CONTENT_KINDS = [...Object.keys(CONTENT), LONG_TEXT, EDGE_VALUES];

/**
 * The fields a record of the index gets for a kind: the values as fields beyond the tables, and
 * for text kinds the index's own string fields too (a link type's name and description, an
 * agent action's description), sent whole so a merging and a replacing update store the same.
 */
function contentFields(index: ClientIndexKey, kind: string, variant: 0 | 1): JsonRecord {
  if (kind === LONG_TEXT) return longFields(index, variant);
  if (kind === EDGE_VALUES) return { ...EDGE[variant] };
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

/** Long text beyond the tables and in the index's own strings: a link type's name and description, an agent action's description. */
function longFields(index: ClientIndexKey, variant: 0 | 1): JsonRecord {
  const values = longValues()[variant];
  const text = values['over255'] as string;
  if (index === 'networkLinkTypes') return { ...values, name: text, description: values['over4000bytes'] };
  if (index === 'agents') return { ...values, actions: (sampleAgent()['actions'] as JsonRecord[]).map((action) => ({ ...action, description: text })) };
  return { ...values };
}

// §2 rule 4 and the field tables: what is stored is what was sent, whatever the characters,
// the nesting or the numbers (read back by id and compared value by value).

When(/^I create (events|network link types|agents) with a new id holding (.+)$/, async function (this: KitWorld, words: string, kind: string) {
  const index = indexFromWords(words);
  const id = this.newId(index);
  const sent = { id, ...sampleRecord(index), ...contentFields(index, kind, 0) };
  this.remember(index, id, sent);
  const refusable = REFUSABLE[kind];
  this.act(refusable?.action ?? 'content');
  const answer = await this.call((c) => indexClient(c, index).create({ body: sent }));
  // Long text and edge values may be refused (value-size-limit, nul-character, number-range): the Then step judges that answer, not a probe.
  if (!refusable) await probeWhenRefused(this, index, answer);
});

When(/^I update that record setting the same fields to other (.+)$/, async function (this: KitWorld, kind: string) {
  const refusable = REFUSABLE[kind];
  const refused = refusable && this.lastMade?.made === false ? this.lastMade : undefined;
  const record = refused ? await remakeRefused(this, refused) : this.lastRecord();
  const fields = contentFields(record.index, kind, 1);
  const before = record.sent;
  record.sent = { ...record.sent, ...fields };
  this.act(refusable?.action ?? 'content');
  const answer = await this.call((c) => indexClient(c, record.index).update({ id: record.id, body: { id: record.id, ...fields } }));
  if (!refusable) await probeUpdateWhenRefused(this, record, before, Object.keys(fields), answer);
  // A refusal changed nothing (the look after the step checks it): the record holds what it held.
  else if (!isTaken(answer)) record.sent = before;
});

/**
 * The create of long text or edge values was refused (a size limit, U+0000, a number's range): the update needs a record, so the plain
 * sample is made under the same id (setup, read back), and the update sets the long text on it.
 */
async function remakeRefused(world: KitWorld, refused: ScenarioRecord): Promise<ScenarioRecord> {
  world.setupSaw(`the create of that content was refused; the plain sample record ${refused.id} is made for the update`);
  world.records.set(
    refused.index,
    (world.records.get(refused.index) ?? []).filter((r) => r !== refused),
  );
  return establishRecord(world, refused.index, { id: refused.id, ...sampleRecord(refused.index) });
}

// faithful-answers value-size-limit: taken, the text reads back whole; refused (400, 406, 413,
// 422), nothing was stored or changed, which the look after the action step has checked.
Then('the long text is taken and reads back whole, or refused and nothing is stored', async function (this: KitWorld) {
  await checkTakenAsSentOrRefused(this, SIZE_LIMIT_STATUSES);
});

// faithful-answers nul-character, number-range: taken, U+0000 and the numbers read back as sent;
// refused (400, 406, 422), nothing was stored or changed, which the look after the action step has checked.
Then('the values are taken and read back as sent, or refused and nothing is stored', async function (this: KitWorld) {
  await checkTakenAsSentOrRefused(this, STORE_LIMIT_STATUSES);
});

/**
 * A value an allowance lets a store refuse: taken (201 to a create, 200 to an update), it reads
 * back as sent; refused with one of `refusals`, the body is the error envelope.
 */
async function checkTakenAsSentOrRefused(world: KitWorld, refusals: readonly number[]): Promise<void> {
  const taken = world.response().operation.startsWith('create') ? 201 : 200;
  const { outcome, ok } = judgeStatus(world, [taken, ...refusals]);
  if (!ok) return;
  if (isTaken(outcome)) await checkStoredAsSent(world, world.lastRecord());
  else checkRefusalBody(world, outcome);
}
