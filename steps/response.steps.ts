import { indexClient, recordsOf, type CallOutcome } from './support/call-outcome.js';
import { Then } from '@cucumber/cucumber';
import { checkMessage, checkMissingField, checkNamesField, checkRefusalBody, checkSuccessEnvelope } from './support/envelope-items.js';
import { ID_CHANGE_STATUSES, READ_NOTHING_STATUSES, REFUSAL_STATUSES, UPDATE_UNKNOWN_ID_STATUSES } from '../src/contract/faithful-answers.js';
import type { CheckId } from '../src/target/conformance/check-catalog.js';
import { findSentMismatch } from './support/contains-sent.js';
import { readStored } from './support/stored-as-sent.js';
import { isTaken, judgeStatus } from './support/judge-status.js';
import { MARKER_FIELDS } from '../src/contract/run-markers.js';
import { indexOperations, type ClientIndexKey } from '../src/client/index.js';
import type { KitWorld, ScenarioRecord } from './world.js';

/** The records the scenario made on the index of the last response (its operation's index in the client's route table). */
function madeForLastResponse(world: KitWorld): ScenarioRecord[] {
  const operation = world.response().operation;
  const [index] = Object.entries(indexOperations).find(([, ops]) =>
    [ops.create, ops.read, ops.update, ops.delete].some((pair) => (pair as readonly string[]).includes(operation)),
  ) ?? [undefined];
  if (index === undefined) throw new Error(`unknown operation ${operation}`);
  return world.made(index as ClientIndexKey);
}

/** The records a read listed are the ones expected, each as sent; with `exactly`, no other record of the scenario's. */
function checkListed(world: KitWorld, outcome: CallOutcome, expected: ScenarioRecord[], exactly: boolean): void {
  const id: CheckId = world.profile.listed ?? '4.1-read/records-listed';
  const list = recordsOf(outcome);
  const problems: string[] = [];
  for (const record of expected) {
    const stored = list.find((item) => item['id'] === record.id);
    const mismatch = stored === undefined ? 'missing' : findSentMismatch(stored, record.sent);
    if (mismatch !== undefined) problems.push(`record ${expected.indexOf(record) + 1}: ${mismatch}`);
  }
  if (exactly) {
    const want = new Set(expected.map((r) => r.id));
    const others = list.filter((item) => typeof item['id'] !== 'string' || !want.has(item['id']));
    if (others.length > 0) problems.push(`${others.length === 1 ? 'one other record' : 'other records'} listed`);
  }
  world.verify(id, problems.length === 0, {
    expected: exactly ? `exactly the ${expected.length} record(s) named, as sent` : `the ${expected.length} record(s) named, as sent`,
    observed: problems.join('; '),
    message: `${outcome.operation}: ${problems.join('; ')}; listed ${JSON.stringify(list.map((r) => r['id']))}`,
    outcome,
  });
}

/** A read's 200 carries a JSON list (its schema check judged a body that is not one). */
function checkList(world: KitWorld, outcome: CallOutcome): void {
  if (outcome.rawBody.trim() !== '') return;
  world.verify('4.1-read/list-shape', false, {
    expected: 'a list of records',
    observed: 'no body',
    message: `${outcome.operation} 200 should carry a JSON list`,
    outcome,
  });
}

Then('the response is {int}', function (this: KitWorld, status: number) {
  judgeStatus(this, [status]);
});

// 304: the envelope, if any, was checked against NotModifiedEnvelope. §7: "404 on read and
// delete means nothing matches the query".
Then(/^the response is (304|404), (?:an update not necessary|nothing found)$/, function (this: KitWorld, status: string) {
  judgeStatus(this, [Number(status)]);
});

// Where the description leaves a status open, the set comes from src/contract/faithful-answers.ts.
// Each step: the statuses it takes, the check that judges them when the action names none, and
// what else an answer of one of them must hold.
const STATUS_STEPS: ReadonlyArray<
  [text: string, statuses: readonly number[], check: CheckId | undefined, then?: (world: KitWorld, outcome: CallOutcome) => void]
> = [
  // faithful-answers read-finds-nothing: 404, or 204 (§7, nothing to act on).
  ['the response is 404 or 204, nothing found', READ_NOTHING_STATUSES, '7-not-found/status'],
  // faithful-answers refusal-status: the description fixes that these are refused, not which status
  // says so, nor what a malformed request's body holds (a batch may refuse one entry as its own item).
  ['the response is a client error', REFUSAL_STATUSES, undefined],
  // faithful-answers refusal-status: a value the data model forbids, with error true when a body comes (§7).
  ['the response is a refusal', REFUSAL_STATUSES, undefined, checkRefusalBody],
  // faithful-answers update-unknown-id: an update that cannot apply.
  ['the response is nothing to update or a refusal', UPDATE_UNKNOWN_ID_STATUSES, '4.2-update-unknown-id/status', checkRefusalBody],
  // faithful-answers id-change: refused, or the new id ignored.
  ['the response is a refused or ignored id change', ID_CHANGE_STATUSES, '2-rule-1/status', checkRefusalBody],
  // §4.1 update: 200, envelope code 200, error false. The description asks the create message to
  // name the id ("the record with the id was created") but not the update or delete message.
  [
    'the response is 200 with an update envelope',
    [200],
    '4.1-update/status',
    (world, outcome) => checkSuccessEnvelope(world, outcome, 200, [], { code: '4.1-update/envelope-code' }),
  ],
  // §4.1 delete: 205 and envelope code 200 (differs from the HTTP status), error false.
  [
    'the response is 205 with an envelope of code 200',
    [205],
    '4.1-delete/status',
    (world, outcome) => checkSuccessEnvelope(world, outcome, 200, [], { code: '4.1-delete/envelope-code' }),
  ],
  ['the response is 200 with a list', [200], undefined, checkList],
];

for (const [text, statuses, check, then] of STATUS_STEPS) {
  Then(text, function (this: KitWorld) {
    const { outcome, ok } = judgeStatus(this, statuses, check);
    if (ok) then?.(this, outcome);
  });
}

const CREATE_ENVELOPE = { code: '4.1-create/envelope-code', names: '4.1-create/message-names-id' } as const;

// §4.1 create: 201, envelope code 201, error false, "message saying the record with the id was created".
Then('the response is 201 with an envelope naming the id', function (this: KitWorld) {
  const { outcome, ok } = judgeStatus(this, [201], '4.1-create/status');
  if (!this.lastMade) throw new Error('the scenario has made no record');
  if (ok) checkSuccessEnvelope(this, outcome, 201, [this.lastMade.id], CREATE_ENVELOPE);
});

Then('the response is 201 with an envelope naming both ids', function (this: KitWorld) {
  const { outcome, ok } = judgeStatus(this, [201], '4.1-create/status');
  if (ok)
    checkSuccessEnvelope(
      this,
      outcome,
      201,
      madeForLastResponse(this).map((r) => r.id),
      CREATE_ENVELOPE,
    );
});

// §2 rule 3: find the record by its marker to learn the id the service generated. A create the
// target took (any success) is looked for, so a wrong status does not hide a record never stored.
Then('the response is 201 with an envelope naming the generated id', async function (this: KitWorld) {
  const { outcome: created, ok } = judgeStatus(this, [201], '4.1-create/status');
  const pending = this.pendingGenerated;
  if (!pending) throw new Error('no record was created without an id');
  if (!isTaken(created)) return;
  const query = { where: { equals: { target: MARKER_FIELDS.conformance, expr: pending.marker } } };
  const found = await this.call((c) => indexClient(c, pending.index).read({ query }), { role: 'check' });
  const records = recordsOf(found).filter((r) => r[MARKER_FIELDS.conformance] === pending.marker);
  const id = records[0]?.['id'];
  const one = records.length === 1 && typeof id === 'string' && id !== '';
  this.verify('2-rule-3/generated-id', one, {
    expected: 'one record carrying the marker, with a string id',
    observed: records.length === 1 ? `an id ${JSON.stringify(id)}` : `read answered ${found.status} with ${records.length} such records`,
    message: `expected one ${pending.index} record with ${MARKER_FIELDS.conformance}=${pending.marker} and a string id, read answered ${found.status} ${found.rawBody.slice(0, 200)}`,
    outcome: found,
  });
  if (!one) return;
  const record = this.remember(pending.index, id, { ...pending.sent, id }, 'generated');
  record.made = true;
  if (ok) checkSuccessEnvelope(this, created, 201, [id], CREATE_ENVELOPE);
});

// The one message the features name is §4.1 rule 3's.
const MESSAGE_CHECKS: Readonly<Record<string, CheckId>> = { 'Id already found': '4.1-rule-3/message' };

Then('the response is {int} with message {string}', function (this: KitWorld, status: number, message: string) {
  const check = MESSAGE_CHECKS[message];
  if (!check) throw new Error(`no check names the message ${JSON.stringify(message)}`);
  const { outcome, ok } = judgeStatus(this, [status], '4.1-rule-3/status');
  if (ok) checkMessage(this, outcome, message, check);
});

Then('the response is 406 naming the missing field {string}', function (this: KitWorld, field: string) {
  const { outcome, ok } = judgeStatus(this, [406], '4.1-rule-4/status');
  if (ok) checkMissingField(this, outcome, field);
});

Then('the response is 406 naming the field {string}', function (this: KitWorld, field: string) {
  const { outcome, ok } = judgeStatus(this, [406]);
  const check = this.profile.namesField;
  if (!check) throw new Error('the action names no check for the field a 406 names (support/action-profiles.ts)');
  if (ok) checkNamesField(this, outcome, field, check);
});

/** §2.3: an entry of each list needs an id; the check of that list's row. */
const ENTRY_ID: Readonly<Record<string, CheckId>> = { action: '2.3-action/entry-id', parameter: '2.3-parameter/entry-id', resource: '2.3-resource/entry-id' };

// §2.3 (entry id required) with §2 rule 3 (generated when not provided): either outcome.
Then(
  /^the response is 406 naming the missing field "([^"]+)", or 201 with an id on every (action|parameter|resource)$/,
  async function (this: KitWorld, field: string, entry: string) {
    const check = ENTRY_ID[entry]!;
    const { outcome, ok } = judgeStatus(this, [406, 201], check);
    if (!ok) return;
    if (outcome.status === 406) {
      checkMissingField(this, outcome, field);
      return;
    }
    const record = this.latest('agents');
    const { record: stored } = await readStored(this, 'agents', record.id);
    const list = `${entry}s`;
    const sent = record.sent[list] as unknown[];
    const kept = stored?.[list];
    const missing = Array.isArray(kept) ? (kept as Array<Record<string, unknown>>).filter((e) => typeof e['id'] !== 'string' || e['id'] === '') : [];
    const whole = Array.isArray(kept) && kept.length === sent.length;
    this.verify(check, whole && missing.length === 0, {
      expected: `the ${sent.length} ${list}, each with an id`,
      observed: whole ? `${missing.length} ${list} without an id` : `${list} ${Array.isArray(kept) ? `of ${kept.length}` : 'not a list'}`,
      message: `the agent ${record.id} should keep its ${sent.length} ${list}, each with a generated id; has ${JSON.stringify(kept)}`,
    });
  },
);

/** Which of the records the scenario made the list must hold, and whether it may hold others. */
const LIST_HOLDS: Record<string, [number, boolean]> = {
  'both records as sent': [Number.POSITIVE_INFINITY, false],
  'only the first record': [1, true],
  'exactly the two sharing it': [2, true],
};

Then(
  /^the response is 200 with a list holding (both records as sent|only the first record|exactly the two sharing it)$/,
  function (this: KitWorld, holds: string) {
    const [count, exactly] = LIST_HOLDS[holds]!;
    const { outcome, ok } = judgeStatus(this, [200]);
    if (ok) checkListed(this, outcome, madeForLastResponse(this).slice(0, count), exactly);
  },
);

// §4.1 rule 8: only the selected fields; an added id is tolerated (x-decisions select).
Then('the response is 200 with a list of records holding only {string} as sent', function (this: KitWorld, fields: string) {
  const { outcome, ok } = judgeStatus(this, [200]);
  if (!ok) return;
  const selected = fields.split(',').map((field) => field.trim());
  const first = madeForLastResponse(this)[0]!;
  const list = recordsOf(outcome);
  const item = list[0];
  const problems: string[] = [];
  if (list.length !== 1 || !item) problems.push(`${list.length} records listed`);
  else {
    const unselected = Object.keys(item).filter((key) => key !== 'id' && !selected.includes(key));
    if (unselected.length > 0) problems.push(`unselected fields ${JSON.stringify(unselected.sort())}`);
    if ('id' in item && item['id'] !== first.id) problems.push('another record');
    const expected = Object.fromEntries(selected.filter((f) => f in first.sent).map((f) => [f, first.sent[f]]));
    const mismatch = findSentMismatch(item, expected);
    if (mismatch !== undefined) problems.push(mismatch);
  }
  const id: CheckId = this.profile.listed ?? '4.1-rule-8/records-listed';
  this.verify(id, problems.length === 0, {
    expected: `the one record the query names, holding only ${JSON.stringify(selected)} as sent (an added id tolerated)`,
    observed: problems.join('; '),
    message: `${outcome.operation} selecting ${JSON.stringify(selected)}: ${problems.join('; ')}: ${outcome.rawBody.slice(0, 300)}`,
    outcome,
  });
});
