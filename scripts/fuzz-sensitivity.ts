// Sensitivity, measured: `mgmt-kit fuzz` with the default --runs against every broken switch of
// the independent server that the fuzzer must catch (test/independent-server/broken-for-the-fuzzer.ts),
// each with several random seeds. A switch passes when at least 9 of 10 seeds find it; the script
// exits 1 while one does not (three did not at the default 100 sequences: docs/fuzzing.md). The table
// also gives, per switch, how many sequences the seeds needed before the first failure, so the
// runs a CI job needs can be read off it (docs/fuzzing.md quotes this table).
//
// npm run fuzz:sensitivity [-- --seeds 10] [--runs 100] [--only a,b]
import { parseArgs } from 'node:util';
import { mintJwt } from '../src/conformance/mint-jwt.js';
import { DEFAULT_FUZZ_RUNS } from '../src/cli/commands/fuzz.js';
import { runFuzz } from '../src/fuzz/run/run-fuzz.js';
import { BROKEN_FOR_THE_FUZZER } from '../test/independent-server/broken-for-the-fuzzer.js';
import { startIndependentServer } from '../test/independent-server/start-independent-server.js';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '10' }, runs: { type: 'string', default: String(DEFAULT_FUZZ_RUNS) }, only: { type: 'string' } } });
const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => 1000 + i * 7919);
const runs = Number(values.runs);
const switches = values.only ? values.only.split(',') : BROKEN_FOR_THE_FUZZER;
const NEEDED = Math.ceil(seeds.length * 0.9);

const rows: string[] = [];
let short = 0;
const started = Date.now();
process.stdout.write(`fuzz sensitivity: ${runs} sequences per run (stops at the first failure), seeds ${seeds.join(', ')}\n\n`);
for (const name of switches) {
  const found: number[] = [];
  for (const seed of seeds) {
    const server = await startIndependentServer([name]);
    try {
      const token = await mintJwt(server.secret);
      const report = await runFuzz({ baseUrl: server.url, token, jwtSecret: server.secret, runs, timeBudgetMs: 300_000, randomSeed: seed, allowDestructive: false, maxFailures: 1 });
      // The probe that guards deletes finds some breakages before any sequence: 0 sequences.
      if (report.failures.length > 0) found.push(report.sequences);
    } finally {
      await server.close();
    }
  }
  const sorted = [...found].sort((a, b) => a - b);
  const ok = found.length >= NEEDED;
  if (!ok) short++;
  const row = `| ${name} | ${found.length}/${seeds.length} | ${ok ? 'yes' : 'NO'} | ${sorted.join(', ') || '—'} | ${ok ? sorted[NEEDED - 1] : '—'} |`;
  rows.push(row);
  process.stdout.write(`${row}\n`);
}
process.stdout.write(
  `\n| broken switch | seeds that found it | at least ${NEEDED} of ${seeds.length} | sequences run when the first failure came, per finding seed | sequences for ${NEEDED} of ${seeds.length} |\n|---|---|---|---|---|\n${rows.join('\n')}\n\n` +
    `${switches.length - short} of ${switches.length} broken switches found by at least ${NEEDED} of ${seeds.length} seeds with ${runs} sequences (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
);
process.exitCode = short === 0 ? 0 : 1;
