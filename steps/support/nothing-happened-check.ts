import type { ClientIndexKey } from '../../src/client/index.js';
import type { CleanupEntry } from '../../src/target/conformance/cleanup-registry.js';
import type { KitWorld, RecordsInSight, Sighting } from '../world.js';
import { indexClient, type CallOutcome } from './call-outcome.js';
import { keyOf, sightingOf } from './sighting-cache.js';
import { findSentMismatch, isObject } from './contains-sent.js';
import type { JsonRecord } from './sample-records.js';

/**
 * True when an answer says the request acted on nothing, so afterwards every record must be as
 * it was (§7): 204 "there was nothing to act on", 304 "no change was needed", 404 "nothing
 * matches the query", and every refusal — 400 request not valid, 401 authentication failed, 406
 * validation failed, 415 media type not supported, 422 the records could not be created, updated
 * or deleted (§4.2). A 5xx says nothing about what happened, so it is not one of them.
 *
 * A batch (an extension, x-decisions batches) answers with its most severe item, so a 406 may
 * come with items that say their record was created or updated: then something was done.
 */
export function saysNothingWasDone(outcome: CallOutcome): boolean {
  const { status } = outcome;
  const nothingDone = status === 204 || status === 304 || (status >= 400 && status < 500);
  const items: unknown[] = Array.isArray(outcome.data) ? outcome.data : [];
  // §4.1: a created item has code 201, an updated or deleted one code 200, each with error false.
  return nothingDone && !items.some((item) => isObject(item) && item['error'] === false && (item['code'] === 200 || item['code'] === 201));
}

/** Reads one entry now (housekeeping: not the scenario's response); what it shows stays valid until a call may change it. */
async function look(world: KitWorld, entry: CleanupEntry<ClientIndexKey>): Promise<Sighting> {
  const api = (c: Parameters<typeof indexClient>[0]) => indexClient(c, entry.index);
  const stamp = world.sightings.stamp();
  const outcome = await world.call((c) => ('id' in entry ? api(c).read({ id: entry.id }) : api(c).read({ query: { where: { equals: entry.where } } })), {
    housekeeping: true,
    observes: true,
  });
  const sighting = sightingOf(entry, outcome);
  world.sightings.fill(sighting, stamp);
  return sighting;
}

/**
 * The records in sight, every entry read at once. `reuse`: an entry the scenario read since the
 * last call that may have changed it is taken from that read — the same request, and nothing
 * happened since that could make its answer differ (support/sighting-cache.ts) — so it judges
 * the same as reading it again.
 */
async function lookAtRecordsInSight(world: KitWorld, reuse: boolean): Promise<RecordsInSight> {
  const sightings = await Promise.all(world.cleanup.entries().map((entry) => (reuse ? world.sightings.get(entry) : undefined) ?? look(world, entry)));
  return new Map(sightings.map((sighting) => [keyOf(sighting.entry), sighting]));
}

/** Where a mismatch of contains-sent.ts sits: `/name: expected …` → `/name`. */
const placeOf = (mismatch: string) => mismatch.slice(0, mismatch.indexOf(': ') < 0 ? undefined : mismatch.indexOf(': '));

/**
 * The kind of change between two reads of one record, as an observed value that reads the same
 * in every run: `created`, `removed`, `changed at /name`, `gained /note` — or undefined when it
 * is the same (field order aside).
 */
export function changeKind(before: JsonRecord | undefined, after: JsonRecord | undefined): string | undefined {
  if (before === undefined) return after === undefined ? undefined : 'created';
  if (after === undefined) return 'removed';
  const lost = findSentMismatch(after, before);
  if (lost !== undefined) return `changed at ${placeOf(lost)}`;
  const gained = findSentMismatch(before, after);
  return gained === undefined ? undefined : `gained ${placeOf(gained)}`;
}

/** One change found by comparing two looks: its kind, and the line a reader gets. */
export interface Change {
  kind: string;
  line: string;
}

/**
 * Every difference between two looks at the records in sight: a record created, removed or
 * changed. An entry registered after the first look names a fresh id or marker of the scenario,
 * so nothing carried it before. Entries that could not be read either time are not compared.
 */
export function findChanges(before: RecordsInSight, after: RecordsInSight): Change[] {
  const changes: Change[] = [];
  for (const [key, { entry, records: now }] of after) {
    const then = before.get(key)?.records ?? [];
    if (then === 'unreadable' || now === 'unreadable') continue;
    for (const record of now) {
      const kind = changeKind(
        then.find((r) => r['id'] === record['id']),
        record,
      );
      if (kind) changes.push({ kind, line: `${entry.index} ${String(record['id'])} ${kind}: ${JSON.stringify(record).slice(0, 200)}` });
    }
    for (const record of then) {
      if (!now.some((r) => r['id'] === record['id'])) changes.push({ kind: 'removed', line: `${entry.index} ${String(record['id'])} was removed` });
    }
  }
  return changes;
}

/**
 * A record a setup step made inside an action step (the record the action acts on, a plain
 * sample): it counts as there before the action, so the comparison after it does not take it
 * for something the action did.
 */
export function sightedBeforeAction(world: KitWorld, index: ClientIndexKey, id: string, record: JsonRecord): void {
  const entry: CleanupEntry<ClientIndexKey> = { index, id };
  world.actionWatch?.before.set(keyOf(entry), { entry, records: [record] });
}

/**
 * Before every action (When) step: reads the records the scenario can see, so that afterwards
 * an answer that says nothing was done can be checked against what was there. A record the
 * scenario read since the last call that may have changed it is not read again (see
 * lookAtRecordsInSight); the look after the action always reads.
 */
export async function watchAction(world: KitWorld): Promise<void> {
  world.actionWatch = undefined;
  const before = await lookAtRecordsInSight(world, true);
  world.actionWatch = { before, outcomes: [] };
}

/**
 * After an action step whose every answer said nothing was done — a 404 that found nothing, a
 * 204, a 304, any refusal (§7, §4.2) — the records in sight are read again and must be exactly
 * as before: nothing created, changed or removed (`7-nothing-to-do/unchanged`, observed: the
 * kinds of change). The scenario's own Then steps check the status; this check makes every such
 * answer true, on every scenario, without a step of its own.
 */
export async function checkNothingHappened(world: KitWorld): Promise<void> {
  const watch = world.actionWatch;
  world.actionWatch = undefined;
  if (!watch || watch.outcomes.length === 0 || !watch.outcomes.every(saysNothingWasDone)) return;
  const changes = findChanges(watch.before, await lookAtRecordsInSight(world, false));
  const answers = watch.outcomes.map((o) => `${o.operation} ${o.status}`).join(', ');
  world.verify('7-nothing-to-do/unchanged', changes.length === 0, {
    expected: 'every record in sight as it was',
    observed: [...new Set(changes.map((c) => c.kind))].sort().join(', '),
    message: `the answer (${answers}) says nothing was done, but reading back shows:\n  ${changes.map((c) => c.line).join('\n  ')}`,
    outcome: watch.outcomes.at(-1),
  });
}
