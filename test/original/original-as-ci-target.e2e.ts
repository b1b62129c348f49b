// The public original of the service as a team's CI target (npm run test:original, run by .ci/run):
// the kit's conformance run against it fails once per deviation, a baseline written by one run is
// held by the next, and a single-rule regression injected into a copy of the original — behind the
// deviations the baseline holds — fails the run with a line naming the new check. The same for
// `mgmt-kit fuzz`: it reports every deviation it reaches, its baseline is held by the next run with
// the same seed, and a regression is caught behind it.
//
// The concurrency scenarios stay out of the judged runs: the original races (two creates of one id
// are both taken in some runs and not in others), so what they show differs from run to run; a
// baseline keeps such races once seen (build-baseline.ts), and docs/conformance-in-ci.md says how a
// team collects them. Everything else the original does is the same in every run.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copyWithRegression, findOriginal, startOriginal, type OriginalService } from './original-service.js';
import { REGRESSIONS } from './regressions.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/mgmt-kit.js', import.meta.url));
const folder = findOriginal();
/** `MGMT_KIT_ORIGINAL_REGRESSIONS=all` injects every regression of regressions.ts (minutes each); by default two. */
const INJECTED =
  process.env['MGMT_KIT_ORIGINAL_REGRESSIONS'] === 'all'
    ? REGRESSIONS
    : REGRESSIONS.filter((r) => ['update-not-stored', 'auth-expired-accepted'].includes(r.name));
const JUDGED = 'not @concurrency';
const FUZZ = ['--runs', '30', '--random-seed', '7'];

interface CliRun {
  code: number;
  out: string;
}

async function kit(args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { maxBuffer: 64 * 1024 * 1024, timeout: 600_000 });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const target = (service: OriginalService) => ['--base-url', service.baseUrl, '--jwt-secret', service.secret];

describe('the original service as a CI target', {
  skip: folder === undefined ? 'the original service is not on this machine (MGMT_KIT_ORIGINAL)' : false,
}, () => {
  let work: string;
  let original: OriginalService;
  let baseline: string;
  let written: CliRun;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'mgmt-kit-original-'));
    original = await startOriginal(folder!);
    baseline = join(work, 'baseline.json');
    written = await kit([
      'conformance',
      ...target(original),
      '--allow-destructive',
      '--tags',
      JUDGED,
      '--report-dir',
      join(work, 'write'),
      '--write-baseline',
      baseline,
    ]);
  });
  after(async () => {
    await original?.stop();
    await rm(work, { recursive: true, force: true });
  });

  test('conformance reports each deviation once, grouped by cause, and no scenario fails in a Given or When step', async () => {
    assert.equal(written.code, 0, written.out);
    const summary = JSON.parse(await readFile(join(work, 'write', 'conformance-summary.json'), 'utf8')) as {
      counts: { failed: number; blocked: number };
      causes: Array<{ check: string; observed: string; scenarios: string[] }>;
    };
    const causes = summary.causes.map((c) => `${c.check} ${c.observed}`);
    // The deviations the original's own documentation lists, each seen once as a cause.
    for (const known of ['4.1-create/status 200', '4.1-delete/status 200', '4.1-envelope/envelope-shape an object, not a list', '4.1-rule-6/status 406']) {
      assert.ok(causes.includes(known), `${known} among the causes:\n${causes.join('\n')}`);
    }
    assert.equal(new Set(causes).size, causes.length, 'one line per cause');
    assert.ok(causes.length <= 30, `the causes fit on one screen: ${causes.length}`);
    const messages = (await readFile(join(work, 'write', 'messages.ndjson'), 'utf8')).split('\n').filter(Boolean);
    const failedSteps = messages.filter((line) => line.includes('"testStepFinished"') && line.includes('"status":"FAILED"'));
    const hookFailures = failedSteps.length;
    assert.equal(hookFailures, summary.counts.failed, 'a failed scenario fails in its verdict hook, once, and never in a Given or When step');
  });

  test('a baseline written by a run is held by the next run on the same target', async () => {
    const judged = await kit([
      'conformance',
      ...target(original),
      '--allow-destructive',
      '--tags',
      JUDGED,
      '--report-dir',
      join(work, 'judge'),
      '--baseline',
      baseline,
    ]);
    assert.equal(judged.code, 0, judged.out);
    assert.match(judged.out, /Verdict: PASSED \(exit 0\)/);
  });

  for (const regression of INJECTED) {
    test(`a regression behind the known deviations fails the run, naming its check: ${regression.name} (${regression.breaks})`, async () => {
      const copy = await copyWithRegression(folder!, regression);
      const changed = await startOriginal(folder!, { source: copy.source });
      try {
        const judged = await kit([
          'conformance',
          ...target(changed),
          '--allow-destructive',
          '--tags',
          JUDGED,
          '--report-dir',
          join(work, regression.name),
          '--baseline',
          baseline,
        ]);
        assert.equal(judged.code, 1, judged.out);
        assert.match(judged.out, /Failed checks by cause \(\d+\):\n {2}✗ \d+× [\w.-]+\/[\w.-]+: expected/, judged.out);
      } finally {
        await changed.stop();
        await copy.remove();
      }
    });
  }

  test('fuzz keeps looking past the first deviation, its baseline is held by the next run with the same seed, and a regression behind it fails the run', async () => {
    const fuzzBaseline = join(work, 'fuzz-baseline.json');
    const fresh = await startOriginal(folder!);
    try {
      const first = await kit(['fuzz', ...target(fresh), ...FUZZ, '--report-dir', join(work, 'fuzz-write'), '--write-baseline', fuzzBaseline]);
      assert.equal(first.code, 0, first.out);
      const report = JSON.parse(await readFile(join(work, 'fuzz-write', 'fuzz-summary.json'), 'utf8')) as { failures: Array<{ signature: string }> };
      const signatures = report.failures.map((f) => f.signature);
      assert.ok(signatures.length >= 5, `several distinct deviations, not the first alone: ${signatures.join(', ')}`);
      for (const kind of [/^create\w+:documented-status:200$/, /^delete\w+:documented-status:200$/, /:response-schema:406$/]) {
        assert.ok(
          signatures.some((s) => kind.test(s)),
          `${kind} among ${signatures.join(', ')}`,
        );
      }
    } finally {
      await fresh.stop();
    }
    const again = await startOriginal(folder!);
    try {
      const judged = await kit(['fuzz', ...target(again), ...FUZZ, '--report-dir', join(work, 'fuzz-judge'), '--baseline', fuzzBaseline]);
      assert.equal(judged.code, 0, judged.out);
    } finally {
      await again.stop();
    }
    // Behind the held signatures, a copy whose updates store nothing: the run fails on a signature the baseline lacks.
    const regression = REGRESSIONS.find((r) => r.name === 'update-not-stored')!;
    const copy = await copyWithRegression(folder!, regression);
    const changed = await startOriginal(folder!, { source: copy.source });
    try {
      const judged = await kit(['fuzz', ...target(changed), ...FUZZ, '--report-dir', join(work, 'fuzz-regression'), '--baseline', fuzzBaseline]);
      assert.equal(judged.code, 1, judged.out);
      const report = JSON.parse(await readFile(join(work, 'fuzz-regression', 'fuzz-summary.json'), 'utf8')) as { failures: Array<{ signature: string }> };
      const held = JSON.parse(await readFile(fuzzBaseline, 'utf8')) as unknown;
      const heldText = JSON.stringify(held);
      const fresh = report.failures.map((f) => f.signature).filter((s) => !heldText.includes(JSON.stringify(s)));
      assert.ok(
        fresh.some((s) => /^update\w+:/.test(s)),
        `a new signature of an update among ${fresh.join(', ')}`,
      );
    } finally {
      await changed.stop();
      await copy.remove();
    }
  });
});
