import { rmSync } from 'node:fs';
import {
  After,
  AfterAll,
  AfterStep,
  Before,
  BeforeAll,
  BeforeStep,
  setDefaultTimeout,
  setDefinitionFunctionWrapper,
  setParallelCanAssign,
  Status,
} from '@cucumber/cucumber';
import { PickleStepType } from '@cucumber/messages';
import type { ClientIndexKey } from '../src/client/index.js';
import { CleanupRegistry, type CleanupEntry } from '../src/target/conformance/cleanup-registry.js';
import { createRunPrefix } from '../src/target/conformance/run-prefix.js';
import { resolveKitParameters, type KitParameters } from '../src/target/conformance/kit-parameters.js';
import { checkNothingHappened, watchAction } from './support/nothing-happened-check.js';
import { indexTable } from '../src/server/core/index.js';
import { PLAIN_READ_STATUSES } from '../src/contract/faithful-answers.js';
import { indexClient, recordsOf } from './support/call-outcome.js';
import type { JsonRecord } from './support/sample-records.js';
import { runsAlone, wipedIndices, type TaggedPickle } from './support/run-alone.js';
import { atMostAtOnce } from './support/at-most-at-once.js';
import { keyOf } from './support/sighting-cache.js';
import { skipWhenBlocked } from './support/check-recorder.js';
import { attachStepLogAtEnd } from './support/attach-step-log-at-end.js';
import { fitAgentSample } from './support/fit-agent-sample.js';
import { contractFindings } from './support/check-outcome.js';
import { isSuccess } from './support/judge-status.js';
import { CLEANUP_MEDIA_TYPE, type CleanupReport } from '../src/target/conformance/check-result.js';
import { clientTransport } from '../src/connection/client-transport.js';
import { remoteCoordinator } from '../src/connection/run-coordinator.js';
import { openConnection } from '../src/connection/open-connection.js';
import { ConnectionFailure } from '../src/connection/connection-failure.js';
import type { KitWorld, RunConnection } from './world.js';

// No cucumber step time-out: every call has its own (--timeout, default 15 s, to the end of the
// answer), so a slow target fails a scenario with "no answer within … ms from METHOD URL"; and a
// step's length is not bounded in advance — at --rate 2 a destructive restore of a large index
// takes minutes.
setDefaultTimeout(-1);

// A step or hook that cannot establish what the scenario needs blocks it (support/check-recorder.ts):
// it ends as skipped, so cucumber skips the rest of the scenario and still runs the After hooks.
// Whichever way it ends, its calls and checks are attached first, one message each (support/attach-step-log-at-end.ts).
setDefinitionFunctionWrapper((fn: Parameters<typeof skipWhenBlocked>[0]) => skipWhenBlocked(attachStepLogAtEnd(fn)));

// --parallel N: a @destructive scenario snapshots and restores whole indices, so it never runs
// beside a scenario that is not (those are isolated by the run prefix), nor beside another that
// wipes the same index (@wipes.<index>). Serial runs ignore this.
setParallelCanAssign(runsAlone('@destructive'));

// One connection per process and run (its agents keep their sockets between scenarios); a
// worker opens its own, reaching the run's coordinator over a local socket when the run shares one.
const open = new Map<string, RunConnection & { close(): Promise<void> }>();

/** The connection of the run these parameters belong to, opened on first use in this process. */
function connectionForRun(params: KitParameters): RunConnection {
  const key = JSON.stringify([params.runPrefix, params.connection, params.broker]);
  let found = open.get(key);
  if (!found) {
    const coordinator = params.broker ? remoteCoordinator(params.broker) : undefined;
    const session = openConnection(params.connection, { coordinator });
    found = {
      session,
      transport: clientTransport(session),
      // A worker's last releases reach the run's coordinator before it goes.
      close: async () => {
        session.close();
        await coordinator?.close();
      },
    };
    open.set(key, found);
  }
  return found;
}

// Per-run state. The runner may call runCucumber several times in one process (the self-check
// does), so AfterAll resets it (Stryker's cucumber runner loads the steps once and runs cucumber again for every mutant). Under --parallel every
// worker process has its own copy: the run prefix comes from the world parameters, so all workers
// share it; each worker obtains its token through the run's connection (its own minted one, or
// the run's coordinator's with --token-command or --rate).
let runPrefix: string | undefined;

// Every connection this process opened is closed, so no kept-alive socket holds it open.
AfterAll(async () => {
  runPrefix = undefined;
  const closing = [...open.values()].map((connection) => connection.close());
  open.clear();
  await Promise.all(closing);
});

// Plain `npx cucumber-js` (mgmt-kit conformance always passes a runPrefix): check the target once
// and say once what will be skipped and why, instead of scenario by scenario. The summary files
// of an earlier `mgmt-kit conformance` run would sit beside this run's reports as if they were
// its own, so they go.
BeforeAll(function () {
  const given = this.parameters as Partial<KitParameters>;
  if (given.runPrefix !== undefined) return;
  if (!process.env['BASE_URL'] && given.connection === undefined) {
    // A thrown error would come back as a 20-line stack; a usage error deserves one line.
    process.stderr.write('No target: set BASE_URL (and TOKEN) for cucumber-js, e.g. BASE_URL=http://127.0.0.1:8080 TOKEN=… npx cucumber-js\n');
    process.exit(2);
  }
  const params = resolveKitParameters(given);
  const notes = [
    params.allowDestructive ? '' : '@destructive scenarios are skipped: set ALLOW_DESTRUCTIVE=1 to run them (they delete whole indices, then restore them)',
    params.connection.auth.jwtSecret !== undefined ? '' : "@needs-jwt-secret scenarios are skipped: set JWT_SECRET to the target's HS256 secret to run them",
  ].filter(Boolean);
  process.stderr.write(`mgmt-kit conformance features against ${params.connection.baseUrl}\n${notes.map((n) => `  ${n}\n`).join('')}`);
  for (const name of ['conformance-summary.md', 'conformance-summary.html']) rmSync(`reports/${name}`, { force: true });
});

Before(async function (this: KitWorld, { pickle }) {
  this.tags = pickle.tags.map((tag) => tag.name);
  const params = resolveKitParameters(this.parameters);
  runPrefix ??= params.runPrefix ?? createRunPrefix();
  this.connection = connectionForRun({ ...params, runPrefix });
  // The target stopped answering (src/connection/open-connection.ts): every later scenario would
  // fail on a refused connection and print its own stack; they are skipped, and the run says why once.
  if (this.connection.session.stopped) return 'skipped';
  let token: string | undefined;
  try {
    token = await this.connection.session.token();
  } catch (error) {
    throw this.noAnswer(error);
  }
  this.kit = { ...params, runPrefix, token };
  this.client = this.clientWithToken(token);
  this.cleanup = new CleanupRegistry<ClientIndexKey>(runPrefix);
  await fitAgentSample(this);
  return undefined;
});

const INDICES: readonly ClientIndexKey[] = indexTable.map((row) => row.clientKey);

/** The indices a @destructive scenario wipes: those its `@wipes.<index>` tags name (`@wipes.event`), or every index. */
function indicesWiped(pickle: TaggedPickle): readonly ClientIndexKey[] {
  const names = wipedIndices(pickle);
  if (names === undefined) return INDICES;
  return names.map((name) => {
    const row = indexTable.find((r) => r.name === name);
    if (!row) throw new Error(`@wipes.${name}: no index of that name (${indexTable.map((r) => r.name).join(', ')})`);
    return row.clientKey;
  });
}

/** Reads in full each index a @destructive scenario wipes, before it. A read that fails blocks the scenario (`setup/snapshot`). */
async function takeSnapshot(world: KitWorld, indices: readonly ClientIndexKey[]): Promise<Map<ClientIndexKey, JsonRecord[]>> {
  // The indices are independent: read them at once, so a distant target pays one round trip.
  const reads = await Promise.all(indices.map((index) => world.call((c) => indexClient(c, index).read(), { housekeeping: true })));
  const snapshot = new Map<ClientIndexKey, JsonRecord[]>();
  indices.forEach((index, i) => {
    const outcome = reads[i]!;
    if (!PLAIN_READ_STATUSES.includes(outcome.status)) {
      world.block('setup/snapshot', {
        observed: `${outcome.status}`,
        message: `cannot snapshot ${index} before a destructive scenario: read answered ${outcome.status} ${outcome.rawBody.slice(0, 200)}`,
        outcome,
      });
    }
    snapshot.set(index, recordsOf(outcome));
  });
  return snapshot;
}

/**
 * Creates again every snapshot record that is gone, with its id (§4.1 create with id), the
 * preloaded link types included. Records still present are left alone. The indices are restored
 * at once, and within an index as many creates are in flight as the run's connection cap lets go
 * (--max-connections; the connection queues the rest). Fails loudly when a record cannot be restored.
 */
async function restoreSnapshot(world: KitWorld, snapshot: Map<ClientIndexKey, JsonRecord[]>): Promise<void> {
  const failures = await Promise.all(
    [...snapshot].map(async ([index, records]) => {
      const now = await world.call((c) => indexClient(c, index).read(), { housekeeping: true });
      const present = new Set(recordsOf(now).map((r) => r['id']));
      const missing = records.filter((record) => !present.has(record['id']));
      const failed: string[] = [];
      const createNext = async (): Promise<void> => {
        for (let record = missing.shift(); record !== undefined; record = missing.shift()) {
          const outcome = await world.call((c) => indexClient(c, index).create({ body: record }), { housekeeping: true });
          // Any success restores it (lenient, as setup is): the description's 201 is judged elsewhere.
          if (!isSuccess(outcome.status)) failed.push(`${index} ${String(record['id'])}: create answered ${outcome.status}`);
        }
      };
      await Promise.all(Array.from({ length: world.kit.connection.maxConnections }, createNext));
      return failed;
    }),
  );
  if (failures.flat().length > 0) throw new Error(`could not restore the snapshot:\n${failures.flat().join('\n')}`);
}

/** The ids of the records that carry the marker (a server that ignores `where` lists others too). */
const idsOf = (records: readonly JsonRecord[], target: string, expr: string): string[] =>
  records.flatMap((record) => (record[target] === expr && typeof record['id'] === 'string' ? [record['id']] : []));

/**
 * Deletes what the scenario registered, pass or fail: by id, and for records created without
 * an id by reading them with `where.equals` on the run's marker first. A record is deleted by
 * id only after the read shows it carries the marker, so a server that ignores `where` still
 * cannot make the cleanup remove someone else's data. What the clean-up left is judged by
 * reading, not by the delete's status: a delete answered 205 (deleted) or 404 (nothing there) is
 * taken at its word, any other answer is followed by a read by id, and only a record that read
 * finds is left (CLEANUP_MEDIA_TYPE; the run's final read looks again at everything under the
 * run prefix). Left records are logged, not failures, so one broken delete does not fail every
 * scenario.
 *
 * What the scenario read last of an entry, while nothing since could have changed it (the
 * sightings, support/sighting-cache.ts), is what the clean-up's own read would show: an id seen
 * gone is not deleted again (its delete could only answer 404), and the records of a marker seen
 * are deleted without reading them again. The sightings are taken before the first delete, which
 * empties them.
 *
 * A distant target pays a round trip per delete, so the deletes of one wave (consecutive
 * entries of one index, CleanupRegistry.drainInWaves) go at once, as many in flight as the run's
 * connection cap lets go (--max-connections; the connection queues the rest); the waves go one
 * after the other, newest first. The left records are listed in that order whatever order the
 * answers come in.
 */
async function removeScenarioRecords(world: KitWorld): Promise<void> {
  const api = (c: Parameters<typeof indexClient>[0], index: ClientIndexKey) => indexClient(c, index);
  const cap = world.kit.connection.maxConnections;
  /** Deletes one record; resolves to why it is still there, or undefined when it is gone. */
  const deleteById = async (index: ClientIndexKey, id: string): Promise<string | undefined> => {
    try {
      const outcome = await world.call((c) => api(c, index).delete({ id }), { housekeeping: true });
      if (outcome.status === 205 || outcome.status === 404) return undefined;
      const after = await world.call((c) => api(c, index).read({ id }), { housekeeping: true });
      if (!PLAIN_READ_STATUSES.includes(after.status)) return `${index} ${id} (delete answered ${outcome.status}, the read after it ${after.status})`;
      if (recordsOf(after).some((record) => record['id'] === id)) return `${index} ${id} (delete answered ${outcome.status})`;
      return undefined;
    } catch (error) {
      return `${index} ${id} (${(error as Error).message})`;
    }
  };
  /** Runs `remove` on every item at once within the cap; resolves to what each left, in the items' order. */
  const removeAll = async <T>(items: readonly T[], remove: (item: T) => Promise<readonly (string | undefined)[]>): Promise<string[]> => {
    const left: (readonly (string | undefined)[])[] = [];
    await atMostAtOnce([...items.entries()], cap, async ([at, item]) => {
      left[at] = await remove(item);
    });
    return left.flat().filter((line): line is string => line !== undefined);
  };
  const seen = new Map(world.cleanup.entries().map((entry) => [keyOf(entry), world.sightings.get(entry)?.records]));
  const removeEntry = async (entry: CleanupEntry<ClientIndexKey>): Promise<readonly (string | undefined)[]> => {
    const records = seen.get(keyOf(entry));
    if ('id' in entry) return Array.isArray(records) && records.length === 0 ? [] : [await deleteById(entry.index, entry.id)];
    const { target, expr } = entry.where;
    const removeIds = (ids: readonly string[]) => removeAll(ids, async (id) => [await deleteById(entry.index, id)]);
    if (Array.isArray(records)) return removeIds(idsOf(records, target, expr));
    let ids: string[];
    try {
      const found = await world.call((c) => api(c, entry.index).read({ query: { where: { equals: { target, expr } } } }), {
        housekeeping: true,
      });
      ids = idsOf(recordsOf(found), target, expr);
    } catch (error) {
      return [`${entry.index} ${target}=${expr} (${(error as Error).message})`];
    }
    return removeIds(ids);
  };
  const left: string[] = [];
  for (const wave of world.cleanup.drainInWaves()) left.push(...(await removeAll(wave, removeEntry)));
  if (left.length === 0) return;
  const report: CleanupReport = { left };
  world.attach(JSON.stringify(report), CLEANUP_MEDIA_TYPE);
  world.log(`cleanup left records behind:\n${left.join('\n')}`);
}

// §5: minted tokens need the secret; without it these scenarios cannot run.
Before({ tags: '@needs-jwt-secret' }, function (this: KitWorld) {
  return this.kit.connection.auth.jwtSecret === undefined ? 'skipped' : undefined;
});

// §4.1 rule 1 (delete without a body removes everything): only with consent, and only after
// a copy of every index is taken.
Before({ tags: '@destructive' }, async function (this: KitWorld, { pickle }) {
  if (!this.kit.allowDestructive) return 'skipped';
  this.snapshot = await takeSnapshot(this, indicesWiped(pickle));
  return undefined;
});

// §7, §4.2: an answer that says nothing was done (204, 304, 404, a refusal) must be true. Every
// action step is watched: the records the scenario can see are read before it and, when all its
// answers say nothing was done, read again afterwards and compared.
const STEP_TYPES: Partial<Record<PickleStepType, KitWorld['step']['type']>> = {
  [PickleStepType.CONTEXT]: 'setup',
  [PickleStepType.ACTION]: 'action',
  [PickleStepType.OUTCOME]: 'outcome',
};

BeforeStep(async function (this: KitWorld, { pickleStep }) {
  this.step = { text: pickleStep.text, type: (pickleStep.type && STEP_TYPES[pickleStep.type]) ?? 'outcome' };
  if (pickleStep.type !== PickleStepType.ACTION) return;
  this.profile = {};
  this.actionBegins();
  await watchAction(this);
});

AfterStep(async function (this: KitWorld, { pickleStep, result }) {
  if (pickleStep.type === PickleStepType.ACTION && result?.status === Status.PASSED) await checkNothingHappened(this);
});

// Hooks of one kind run in reverse order of definition: first the contract of the answers no
// Then judged, then the cleanup of what the scenario made, then the restore of a destructive
// scenario's snapshot, and last the verdict.

// A scenario fails when one of its checks failed; a failed check never stopped it, so one known
// deviation cannot hide the next check. One message names every failed check.
After(function (this: KitWorld) {
  const message = this.checks.failureMessage();
  if (message) throw new Error(message);
});

After({ tags: '@destructive' }, async function (this: KitWorld) {
  if (this.snapshot) await restoreSnapshot(this, this.snapshot);
});

// A target that stops answering during a clean-up (src/connection/open-connection.ts) ends the
// scenario with the connection's one line, as a step that meets it does: the scenarios after it are
// skipped, and the run names when the target stopped from that line.
After(async function (this: KitWorld) {
  if (!this.cleanup) return;
  const stoppedBefore = this.connection.session.stopped;
  await removeScenarioRecords(this);
  const stopped = this.connection.session.stopped;
  if (stopped && !stoppedBefore) throw new ConnectionFailure('stopped', stopped.line);
});

// The contract of every action answer: one no Then step judged is checked against the spec
// (documented status, no server error, JSON, schema); setup and housekeeping answers never are,
// nor the answers of a scenario that was blocked.
After(function (this: KitWorld) {
  // A blocked scenario is not judged: the answer that blocked it is the block's cause, not a failure.
  if (this.blocked) return;
  for (const { outcome, judged } of this.answers) {
    if (judged) continue;
    for (const finding of contractFindings(outcome, { statusJudged: false })) this.verify(finding.id, finding.ok, { ...finding, outcome });
  }
});
