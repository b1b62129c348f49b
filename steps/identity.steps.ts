import { Then, When } from '@cucumber/cucumber';
import { indexFromWords } from './parameter-types.js';
import { PLAIN_READ_STATUSES } from '../src/contract/faithful-answers.js';
import { findSentMismatch } from './support/contains-sent.js';
import { indexClient, recordsOf, type CallOutcome } from './support/call-outcome.js';
import { establishRecord, probeWhenRefused } from './support/establish.js';
import { judgeStatus } from './support/judge-status.js';
import { sampleRecord } from './support/sample-records.js';
import { checkAbsent, checkStoredAsSent } from './support/stored-as-sent.js';
import type { KitWorld, ScenarioRecord } from './world.js';

/**
 * Ids that test that an id is an exact string (§2, §4.1 `{base}/{id}`): pairs that differ in one
 * way only, and ids holding characters a path carries percent-encoded. Each is appended to a new
 * id under the run prefix, so it stays the run's own (clean-up, real data).
 */

/** Two id endings that differ only by … — each pair names two records. */
const ID_DIFFERENCES: Readonly<Record<string, readonly [string, string]>> = {
  'letter case': ['-node', '-Node'],
  // The precomposed é (U+00E9) and e followed by the combining acute accent (U+0301): canonically
  // equivalent under Unicode normalization, yet two strings.
  'Unicode normalization': ['-caf\u00e9', '-cafe\u0301'],
  'a trailing space': ['-edge', '-edge '],
};

/**
 * Id endings holding characters a path segment carries percent-encoded. `/` is left out: it can
 * only travel as %2F, which many HTTP stacks refuse or decode before routing (x-decisions ids-in-path).
 */
const ID_CHARACTERS: Readonly<Record<string, string>> = {
  'a space': '-core link',
  // %41 decodes to A: a server that decodes twice reads another id; 100% alone is no escape at all.
  'a percent sign': '-100%-%41',
  'a question mark': '-why?',
  'a hash sign': '-#1',
  'a plus sign': '-a+b',
  'letters beyond ASCII': '-café-東京-🚀',
};

/** The id ending for a row of the features, or an error naming the rows there are. */
function idEnding<T>(table: Readonly<Record<string, T>>, words: string): T {
  const found = table[words];
  if (found === undefined) throw new Error(`no id variant "${words}"; known: ${Object.keys(table).join(', ')}`);
  return found;
}

// §2 (id: String) and §4.1 ({base}/{id} names one record): an id is an exact string, sent in the
// body as JSON and in the path percent-encoded (the client encodes as encodeURIComponent does).

/** The two records of the scenario that differ only in their id, oldest first. */
function pair(world: KitWorld): [ScenarioRecord, ScenarioRecord] {
  const index = world.lastMade?.index;
  const [first, second] = (index === undefined ? [] : (world.records.get(index) ?? [])).slice(-2);
  if (!first || !second) throw new Error('the scenario has not created two records');
  return [first, world.need(second)];
}

// The first is created with its id in the body (POST {base}), the second at its path
// (POST {base}/{id}); each with other field values, so a record read under the other's id shows.
When(
  /^I create (events|network link types|agents) under two new ids that differ only by (.+)$/,
  async function (this: KitWorld, words: string, difference: string) {
    const index = indexFromWords(words);
    const stem = this.newId(index);
    const [one, two] = idEnding(ID_DIFFERENCES, difference);
    this.act('exact-ids');
    const first = this.remember(index, `${stem}${one}`, { id: `${stem}${one}`, ...sampleRecord(index, 0) });
    await probeWhenRefused(this, index, await this.call((c) => indexClient(c, index).create({ body: first.sent })));
    const secondId = `${stem}${two}`;
    const second = this.remember(index, secondId, { id: secondId, ...sampleRecord(index, 1) });
    await this.call((c) => indexClient(c, index).create({ id: secondId, body: sampleRecord(index, 1) }));
    this.lastMade = second;
  },
);

Then('each of the two can be read by its own id as sent', async function (this: KitWorld) {
  for (const record of pair(this)) await checkStoredAsSent(this, record);
});

When('I update the second of the two at its path', async function (this: KitWorld) {
  const [, second] = pair(this);
  const change = { note: 'updated under its own id' };
  second.sent = { ...second.sent, ...change };
  this.act('exact-ids');
  await this.call((c) => indexClient(c, second.index).update({ id: second.id, body: { id: second.id, ...change } }));
});

When('I delete the second of the two at its path', async function (this: KitWorld) {
  const [, second] = pair(this);
  this.act('exact-ids');
  await this.call((c) => indexClient(c, second.index).delete({ id: second.id }));
});

Then('only the first of the two is left, as sent', async function (this: KitWorld) {
  const [first, second] = pair(this);
  await checkAbsent(this, second.index, second.id);
  await checkStoredAsSent(this, first);
});

// POST {base} with the id in the body, or POST {base}/{id} with the id percent-encoded in the path.
When(
  /^I create (events|network link types|agents) at (\{base\}|\{base\}\/\{id\}) under (?:a|another) new id holding (.+)$/,
  async function (this: KitWorld, words: string, path: string, characters: string) {
    const index = indexFromWords(words);
    const id = `${this.newId(index)}${idEnding(ID_CHARACTERS, characters)}`;
    const body = sampleRecord(index);
    this.remember(index, id, { id, ...body });
    this.act('exact-ids');
    const created =
      path === '{base}'
        ? await this.call((c) => indexClient(c, index).create({ body: { id, ...body } }))
        : await this.call((c) => indexClient(c, index).create({ id, body }));
    await probeWhenRefused(this, index, created);
  },
);

/** The list a read answered holds exactly the record, as sent (`2-id-exact/records-listed`). */
function checkOnlyThat(world: KitWorld, outcome: CallOutcome, record: ScenarioRecord, how: string): void {
  const list = recordsOf(outcome);
  const only = list.length === 1 && list[0]!['id'] === record.id;
  const mismatch = only ? findSentMismatch(list[0], record.sent) : undefined;
  world.verify('2-id-exact/records-listed', only && mismatch === undefined, {
    expected: 'exactly that record, as sent',
    observed: only ? (mismatch ?? '') : `${list.length} records, ${list.some((r) => r['id'] === record.id) ? 'that one among them' : 'not that one'}`,
    message: `${outcome.operation} ${how} should find exactly ${JSON.stringify(record.id)} as sent; found ${JSON.stringify(list.map((r) => r['id']))}${mismatch ? `, differing at ${mismatch}` : ''}`,
    outcome,
  });
}

// The path carried the id; a where in the body names it as JSON: both must name one record.
Then('reading it where the id equals its id finds exactly that record as sent', async function (this: KitWorld) {
  const record = this.lastRecord();
  // A create the target did not take was judged by the status check before.
  if (record.made === false) return;
  const outcome = await this.call((c) => indexClient(c, record.index).read({ query: { where: { equals: { target: 'id', expr: record.id } } } }), {
    role: 'check',
  });
  if (!PLAIN_READ_STATUSES.includes(outcome.status)) {
    this.verify('2-id-exact/records-listed', false, {
      expected: 'exactly that record, as sent',
      observed: `read answered ${outcome.status}`,
      message: `${outcome.operation} answered ${outcome.status}: ${outcome.rawBody.slice(0, 200)}`,
      outcome,
    });
    return;
  }
  checkOnlyThat(this, outcome, record, `where id equals ${JSON.stringify(record.id)}`);
});

When('I update that record at its path', async function (this: KitWorld) {
  const record = this.lastRecord();
  const change = { note: 'updated at its path' };
  record.sent = { ...record.sent, ...change };
  this.act('exact-ids');
  await this.call((c) => indexClient(c, record.index).update({ id: record.id, body: { id: record.id, ...change } }));
});

When('I delete that record at its path', async function (this: KitWorld) {
  const record = this.lastRecord();
  this.act('exact-ids');
  await this.call((c) => indexClient(c, record.index).delete({ id: record.id }));
});

Then('that record can no longer be read', async function (this: KitWorld) {
  const record = this.lastRecord();
  await checkAbsent(this, record.index, record.id);
});

// RFC 3986 lets a path segment carry "+" as itself, and it stays a plus sign: only a form-encoded
// query string reads it as a space. Two records, "…a+b" and "…a b", tell the two readings apart.
// They are what the read acts on: made by lenient setup (any success, read back), else blocked.
When(
  /^I create (events|network link types|agents) under two new ids, one holding a plus sign and one a space in its place$/,
  async function (this: KitWorld, words: string) {
    const index = indexFromWords(words);
    const stem = this.newId(index);
    for (const [ending, variant] of [
      ['-a b', 1],
      ['-a+b', 0],
    ] as const) {
      await establishRecord(this, index, { id: `${stem}${ending}`, ...sampleRecord(index, variant) });
    }
  },
);

When('I read the one with the plus sign at a path that holds the plus sign as itself', async function (this: KitWorld) {
  const record = this.lastRecord();
  const encoded = encodeURIComponent(record.id).replaceAll('%2B', '+');
  this.act('exact-ids');
  await this.sendRaw({ index: record.index, method: 'GET', id: record.id, encodedId: encoded, body: '', contentType: 'application/json' });
});

Then('the response is 200 with a list holding only the one with the plus sign, as sent', function (this: KitWorld) {
  const record = this.lastRecord();
  const { outcome, ok } = judgeStatus(this, [200]);
  if (ok) checkOnlyThat(this, outcome, record, 'with "+" in its path (a plus sign, not a space)');
});
