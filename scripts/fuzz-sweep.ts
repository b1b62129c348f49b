// The long fuzz sweep (not part of npm test): `mgmt-kit fuzz` with many sequences on
// every faithful alternative — each profile of the independent server and each faithful
// alternative of the reference server — must find nothing, and on every broken variant of the
// independent server must find a failure (the run stops at the first one).
//
// npm run fuzz:sweep [-- --runs 2000] [--random-seed 1]
import { parseArgs } from 'node:util';
import type { FuzzReport } from '../src/fuzz/run/fuzz-options.js';
import { FAITHFUL_PROFILES } from '../test/independent-server/faithful-profiles.js';
import { BROKEN_FOR_THE_FUZZER, destructiveFor, NOT_GENERATED_BY_THE_FUZZER } from '../test/independent-server/broken-for-the-fuzzer.js';
import { startIndependentServer } from '../test/independent-server/start-independent-server.js';
import { FAITHFUL_ALTERNATIVES } from '../test/self-check/faithful-alternatives.js';
import { startVariantServer } from '../test/self-check/start-variant-server.js';
import { fuzzServer } from './fuzz-server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2000' }, 'random-seed': { type: 'string', default: '1' } } });
const runs = Number(values.runs);
const randomSeed = Number(values['random-seed']);

const rows: string[] = [];
let wrong = 0;

/** Fuzzes one target (then stops it) and notes whether the run did as expected: `verdict` says so, and in which words. */
async function sweep(
  target: Promise<{ url: string; secret: string; close(): Promise<void> }>,
  jwtClaims: Record<string, unknown> | undefined,
  maxFailures: number | undefined,
  verdict: (report: FuzzReport, seconds: string) => [boolean, string],
  allowDestructive = false,
): Promise<void> {
  const started = Date.now();
  const { report } = await fuzzServer(target, () => ({
    jwtClaims,
    runs,
    timeBudgetMs: 600_000,
    randomSeed,
    allowDestructive,
    ...(maxFailures ? { maxFailures } : {}),
  }));
  const [ok, line] = verdict(report, ((Date.now() - started) / 1000).toFixed(1));
  if (!ok) wrong++;
  rows.push(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  process.stdout.write(`${rows.at(-1)}\n`);
}

const titles = (report: FuzzReport) => report.failures.map((f) => `\n       ${f.title}`).join('');
const clean = (report: FuzzReport) => report.failures.length === 0 && report.sequences === runs;

for (const profile of FAITHFUL_PROFILES) {
  await sweep(
    startIndependentServer(profile.switches),
    profile.jwtClaims,
    undefined,
    (report, seconds) => [
      clean(report),
      `independent "${profile.name}": ${report.sequences} sequences, ${report.requests} requests, ${report.failures.length} failure(s) in ${seconds} s${titles(report)}`,
    ],
    destructiveFor(profile.switches),
  );
}

for (const alternative of FAITHFUL_ALTERNATIVES.filter((a) => a.profile === 'core')) {
  await sweep(startVariantServer(alternative), undefined, undefined, (report, seconds) => [
    clean(report),
    `reference alternative ${alternative.name}: ${report.sequences} sequences, ${report.failures.length} failure(s) in ${seconds} s${titles(report)}`,
  ]);
}

for (const variant of BROKEN_FOR_THE_FUZZER) {
  await sweep(
    startIndependentServer([variant]),
    undefined,
    1,
    (report, seconds) => [
      report.failures.length > 0,
      `broken ${variant}: ${report.failures.length > 0 ? `exit 1 after ${report.sequences} sequences (${seconds} s): ${report.failures[0]!.title.slice(0, 160)}` : `nothing found in ${report.sequences} sequences`}`,
    ],
    destructiveFor([variant]),
  );
}
for (const [variant, why] of Object.entries(NOT_GENERATED_BY_THE_FUZZER)) rows.push(`skip ${variant}: ${why}`);

process.stdout.write(`\nfuzz sweep, ${runs} sequences per faithful target, random seed ${randomSeed}: ${rows.length - wrong} as expected, ${wrong} not\n`);
process.exitCode = wrong === 0 ? 0 : 1;
