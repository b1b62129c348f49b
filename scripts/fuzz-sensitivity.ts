// Sensitivity, measured: `mgmt-kit fuzz` with the default --runs against every broken switch of
// the independent server that the fuzzer must catch (test/independent-server/broken-for-the-fuzzer.ts),
// each with several random seeds. A switch passes when at least 9 of 10 seeds find it; the script
// exits 1 while one does not. The table also gives, per switch, how many sequences the seeds
// needed before the first failure (the probes every run sends first count as sequences), so the
// runs a CI job needs can be read off it (docs/fuzzing.md quotes this table).
//
// With --concurrency N it measures `mgmt-kit fuzz --concurrency N` against every race switch
// (test/independent-server/broken-under-concurrency.ts): a seed finds one when a group sent at
// once fails (the `serial-order` check), and the table counts the groups sent until then.
//
// npm run fuzz:sensitivity [-- --seeds 10] [--runs 100] [--only a,b] [--concurrency 4]
import { parseArgs } from 'node:util';
import { DEFAULT_FUZZ_RUNS } from '../src/cli/commands/fuzz.js';
import type { FuzzReport } from '../src/fuzz/run/fuzz-options.js';
import { BROKEN_FOR_THE_FUZZER, destructiveFor } from '../test/independent-server/broken-for-the-fuzzer.js';
import { BROKEN_UNDER_CONCURRENCY } from '../test/independent-server/broken-under-concurrency.js';
import { startIndependentServer } from '../test/independent-server/start-independent-server.js';
import { fuzzServer } from './fuzz-server.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    runs: { type: 'string', default: String(DEFAULT_FUZZ_RUNS) },
    only: { type: 'string' },
    concurrency: { type: 'string' },
  },
});
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => 1000 + i * 7919);
const runs = Number(values.runs);
const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
const switches = values.only ? values.only.split(',') : concurrency === undefined ? BROKEN_FOR_THE_FUZZER : Object.keys(BROKEN_UNDER_CONCURRENCY);
const NEEDED = Math.ceil(seeds.length * 0.9);
const unit = concurrency === undefined ? 'sequences' : 'groups';

/** How many sequences (or groups) ran when the first failure that counts came; undefined when none came. */
function firstFailureAfter(report: FuzzReport): number | undefined {
  if (concurrency === undefined) return report.failures.length > 0 ? report.sequences : undefined;
  // A race shows only in a group sent at once; any other failure would not be this switch's.
  return report.failures.some((f) => f.check === 'serial-order') ? report.concurrency?.groups : undefined;
}

/** The server for one run; a start the machine's load delays past its time-out is tried again (twice at most). */
async function startServer(name: string): Promise<Awaited<ReturnType<typeof startIndependentServer>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startIndependentServer([name]);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const median = (sorted: readonly number[]) =>
  sorted.length === 0 ? undefined : sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

const rows: string[] = [];
let short = 0;
const started = Date.now();
const mode = concurrency === undefined ? `${runs} sequences per run` : `--concurrency ${concurrency}, --runs ${runs} (groups at most)`;
process.stdout.write(`fuzz sensitivity: ${mode} (stops at the first failure), seeds ${seeds.join(', ')}\n\n`);
for (const name of switches) {
  const found: number[] = [];
  const switchStarted = Date.now();
  for (const seed of seeds) {
    const { report } = await fuzzServer(startServer(name), () => ({
      runs,
      timeBudgetMs: 300_000,
      randomSeed: seed,
      maxFailures: 1,
      // A delete without a query is sent only with the consent; the delete-all switches get it (NEEDS_DESTRUCTIVE), no other does.
      allowDestructive: destructiveFor([name]),
      ...(concurrency === undefined ? {} : { concurrency }),
    }));
    // The probe that guards deletes finds some breakages before any sequence: 0 sequences.
    const after = firstFailureAfter(report);
    if (after !== undefined) found.push(after);
    process.stderr.write(
      `  ${name} seed ${seed}: ${after === undefined ? 'not found' : `found after ${after} ${unit}`} (${(report.durationMs / 1000).toFixed(0)} s)\n`,
    );
  }
  const sorted = [...found].sort((a, b) => a - b);
  const ok = found.length >= NEEDED;
  if (!ok) short++;
  const seconds = ((Date.now() - switchStarted) / 1000).toFixed(0);
  const row = `| ${name} | ${found.length}/${seeds.length} | ${ok ? 'yes' : 'NO'} | ${median(sorted) ?? '—'} | ${ok ? sorted[NEEDED - 1] : '—'} | ${sorted.join(', ') || '—'} | ${seconds} |`;
  rows.push(row);
  process.stdout.write(`${row}\n`);
}
process.stdout.write(
  `\n| broken switch | seeds that found it | at least ${NEEDED} of ${seeds.length} | median ${unit} to the first failure | ${unit} for ${NEEDED} of ${seeds.length} | ${unit} run when the first failure came, per finding seed | seconds, all seeds |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}\n\n` +
    `${switches.length - short} of ${switches.length} broken switches found by at least ${NEEDED} of ${seeds.length} seeds with ${mode} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
);
process.exitCode = short === 0 ? 0 : 1;
