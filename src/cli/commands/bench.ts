import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { benchSettings } from '../../bench/bench-settings.js';
import { declareCommand } from '../command/declare-command.js';
import { reportDirFlag } from '../shared-flags.js';

const FULL = benchSettings(false);
const QUICK = benchSettings(true);

/** `mgmt-kit bench` / `npm run bench`: the performance figures. */
export const benchCommand = declareCommand({
  name: 'bench',
  npmScript: 'npm run bench',
  summary: 'measure the reference server against the node:http ceiling and Prism',
  about: `Measures, on loopback with autocannon and the same load for every target: the bare node:http
ceiling, the reference server (GET by id, GET all, GET with where, PUT, POST, DELETE, all with a
valid JWT), the core called in-process, and the Prism mock; twice, with ratios to the ceiling and
to Prism; then the memory of the reference server with 100 000 events. Writes bench.md,
bench.json and bench.svg. Takes about 3 minutes (--quick: about 30 s). Reports, never fails on a figure.`,
  flags: {
    quick: { type: 'boolean', description: 'one short round and 10 000 events for the memory row (what CI runs)' },
    'report-dir': reportDirFlag('bench.md, bench.json and bench.svg'),
    'no-prism': { type: 'boolean', description: 'leave out the Prism mock (no ratio to Prism)' },
    // Absent, these follow --quick: the defaults are benchSettings', shown from there.
    connections: {
      type: 'integer',
      min: 1,
      max: 1000,
      defaultNote: `${FULL.connections}, --quick: ${QUICK.connections}`,
      description: 'connections of every load run',
    },
    duration: {
      type: 'integer',
      valueName: 'S',
      min: 1,
      max: 600,
      defaultNote: `${FULL.durationSec}, --quick: ${QUICK.durationSec}`,
      description: 'seconds of every load run',
    },
    rounds: { type: 'integer', min: 1, max: 20, defaultNote: `${FULL.rounds}, --quick: ${QUICK.rounds}`, description: 'how often the sequence runs' },
  },
  async run(flags, io) {
    // Loaded here: autocannon and the benchmark are this command's alone.
    const { runBench } = await import('../../bench/run-bench.js');
    const defaults = flags.quick ? QUICK : FULL;
    const { files } = await runBench({
      settings: {
        ...defaults,
        connections: flags.connections ?? defaults.connections,
        durationSec: flags.duration ?? defaults.durationSec,
        rounds: flags.rounds ?? defaults.rounds,
      },
      reportDir: resolve(process.cwd(), flags['report-dir']),
      prism: !flags['no-prism'],
      log: (line) => io.stdout.write(`${line}\n`),
    });
    io.stdout.write(`\n${readFileSync(files[0]!, 'utf8')}\nWritten: ${files.join(', ')}\n`);
    return 0;
  },
});
