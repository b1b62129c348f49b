// The random faithful sweep (not part of npm test; npm test runs three seeds): the independent
// server started with RANDOM_FAITHFUL=<seed> makes, at every open point of the description, one
// of its faithful choices picked from the seed, and `mgmt-kit fuzz` must find nothing on any seed.
// A failure here is an open point the fuzzer's judgement does not honour (or a switch that is not
// faithful): the line names the seed's switches, so `RANDOM_FAITHFUL=<seed>` replays it.
//
// npm run fuzz:random-faithful [-- --seeds 50] [--first-seed 1] [--runs 100] [--random-seed N (default: the server's seed)]
import { parseArgs } from 'node:util';
import { jwtClaimsFor } from '../test/independent-server/faithful-profiles.js';
import { startIndependentServer } from '../test/independent-server/start-independent-server.js';
import { fuzzServer } from './fuzz-server.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '50' },
    'first-seed': { type: 'string', default: '1' },
    runs: { type: 'string', default: '100' },
    'random-seed': { type: 'string' },
  },
});
const seeds = Number(values.seeds);
const firstSeed = Number(values['first-seed']);
const runs = Number(values.runs);
const fixedRandomSeed = values['random-seed'] === undefined ? undefined : Number(values['random-seed']);

let failed = 0;
const started = Date.now();
for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
  // The fuzzer's seed follows the server's unless one is given: each seed is another server and other sequences.
  const { server, report } = await fuzzServer(startIndependentServer([], { randomFaithful: seed }), (started) => ({
    jwtClaims: jwtClaimsFor(started.switches),
    runs,
    timeBudgetMs: 300_000,
    randomSeed: fixedRandomSeed ?? seed,
  }));
  const ok = report.failures.length === 0 && report.sequences === runs;
  if (!ok) failed++;
  process.stdout.write(
    `${ok ? 'ok  ' : 'FAIL'} RANDOM_FAITHFUL=${seed}: ${report.sequences} sequences, ${report.requests} requests, ${report.failures.length} failure(s)` +
      `${ok ? '' : ` — switches ${server.switches.join(',')}`}${report.failures.map((f) => `\n       ${f.signature}: ${f.title.slice(0, 300)}`).join('')}\n`,
  );
}
process.stdout.write(
  `\nrandom faithful sweep: ${seeds} seeds (${firstSeed}–${firstSeed + seeds - 1}), ${runs} sequences each, fuzz random seed ${fixedRandomSeed ?? "the same as the server's"}: ${seeds - failed} passed, ${failed} failed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
process.exitCode = failed === 0 ? 0 : 1;
