// A baseline written by a run is accepted by the next run on the same target, and a deviation it
// does not hold still fails the run with a line naming its check. The target is the independent
// implementation with a broken switch whose failures are judged by Then steps, not by setup
// (`reason-lower`: envelope statuses in lower case), so the test means the same whether a
// failure comes from a recorded check or from a thrown error: the observed values must read the
// same in both runs, with no run id, generated id or time in them. The second deviation
// (`alg-none`: an unsigned token accepted) is one no envelope status can stand in front of: its
// scenarios send the unsigned request first, so it shows while steps still stop at their first
// failure, and after they record every check.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { scenariosTagged } from '../../../test/self-check/scenarios-tagged.js';
import { startIndependentServer, type IndependentServer } from '../../../test/independent-server/start-independent-server.js';
import { plainConnection } from '../../connection/connection-settings.js';
import { parseBaseline, type Baseline } from './baseline.js';
import { runConformanceCommand } from './run-conformance-command.js';

const dir = mkdtempSync(join(tmpdir(), 'baseline-round-trip-'));
const HELD_TAGS = '@check.envelope-status';
const NEW_TAGS = '@rule.5-unsigned-token';
let target: IndependentServer;
let worse: IndependentServer;

before(async () => {
  [target, worse] = await Promise.all([startIndependentServer(['reason-lower']), startIndependentServer(['reason-lower', 'alg-none'])]);
});
after(async () => {
  await Promise.all([target?.close(), worse?.close()]);
});

function sink(): Writable & { text(): string } {
  let text = '';
  const out = new Writable({
    write: (chunk: Buffer, _e, done) => {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(out, { text: () => text });
}

async function run(name: string, server: IndependentServer, tags: string, extra: { baseline?: Baseline; writeBaseline?: string } = {}) {
  const out = sink();
  const err = sink();
  const reportDir = join(dir, name);
  const code = await runConformanceCommand({
    connection: plainConnection(server.url, { jwtSecret: server.secret }),
    profile: 'core',
    allowDestructive: false,
    tags,
    reportDir,
    out,
    err,
    handleSignals: false,
    ...(extra.baseline ? { baseline: { file: 'b.json', baseline: extra.baseline } } : {}),
    ...(extra.writeBaseline ? { writeBaseline: extra.writeBaseline } : {}),
  });
  const summary = JSON.parse(readFileSync(join(reportDir, 'conformance-summary.json'), 'utf8')) as {
    newDeviations: Array<{ scenario: string; check: string }>;
    baseline?: { entries: Array<{ thisRun: Array<{ outcome: string }> }> };
  };
  return { code, out: out.text(), err: err.text(), summary };
}

/** Whether a scenario id (`file: name [cells]`) is one of the scenarios named. */
const isOneOf = (id: string, names: readonly string[]) => {
  const rest = id.slice(id.indexOf(': ') + 2);
  return names.some((name) => rest === name || rest.startsWith(`${name} [`));
};

test('a baseline written by a run holds the next run on the same target, entry by entry', { timeout: 180_000 }, async () => {
  const file = join(dir, 'written.json');
  const writing = await run('write', target, HELD_TAGS, { writeBaseline: file });
  assert.equal(writing.code, 0, writing.out + writing.err);
  const parsed = parseBaseline(readFileSync(file, 'utf8'));
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  const { deviations } = parsed.baseline;
  assert.ok(deviations.length > 0, 'the switch deviates');
  const held = new Set(deviations.flatMap((e) => e.scenarios));
  const tagged = scenariosTagged(HELD_TAGS);
  assert.deepEqual(
    [...held].filter((id) => !isOneOf(id, tagged)),
    [],
    'only scenarios of the switch deviate',
  );
  assert.ok(held.size >= 10, `${held.size} scenarios deviate`);
  for (const entry of deviations) assert.doesNotMatch(entry.observed, /\b(mk|fz)-[0-9a-f]{6}-|\d\d:\d\d:\d\d/, 'no run id or time');

  const next = await run('next', target, HELD_TAGS, { baseline: parsed.baseline });
  assert.equal(next.code, 0, next.out + next.err);
  assert.deepEqual(next.summary.newDeviations, []);
  const outcomes = next.summary.baseline?.entries.flatMap((e) => e.thisRun.map((p) => p.outcome));
  assert.ok(outcomes && outcomes.length >= held.size);
  assert.deepEqual([...new Set(outcomes)], ['held'], 'every scenario of every entry deviated again, the same way');
  assert.match(next.out, /^Verdict: PASSED \(exit 0\)$/m);

  // Another deviation on the same target is not hidden by the baseline: the run fails, and a line names its check.
  const worseRun = await run('worse', worse, `${HELD_TAGS} or ${NEW_TAGS}`, { baseline: parsed.baseline });
  assert.equal(worseRun.code, 1, worseRun.out);
  const fresh = worseRun.summary.newDeviations;
  assert.ok(fresh.length > 0);
  const expected = scenariosTagged(NEW_TAGS);
  assert.deepEqual(
    fresh.filter((d) => !isOneOf(d.scenario, expected)),
    [],
    'the new deviations are those of the new switch',
  );
  const check = fresh[0]!.check;
  assert.ok(
    worseRun.out.split('\n').some((line) => line.startsWith('  ✗ ') && line.includes(` ${check}: `)),
    `a cause line names ${check}\n${worseRun.out}`,
  );
  assert.match(worseRun.out, /^Verdict: FAILED \(exit 1\) — \d+ failure\(s\) the baseline does not list/m);
});
