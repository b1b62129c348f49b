import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { benchSettings } from '../../server/bench/bench-report.js';
import { type CommandIo, wholeNumber } from '../command/command-io.js';
import { reportDirOption } from '../shared-flags.js';

const FULL = benchSettings(false);
const QUICK = benchSettings(true);

/** `mgmt-kit bench` / `npm run bench`: the performance figures. */
export function benchCommand(io: CommandIo): CommandUnknownOpts {
  return (
    new Command('bench')
      .summary('measure the reference server against the node:http ceiling and Prism (npm run bench)')
      .description(
        `Measures, on loopback with autocannon and the same load for every target: the bare node:http ceiling, the reference server (GET by id, GET all, GET with where, PUT, POST, DELETE, all with a valid JWT), the core called in-process, and the Prism mock; twice, with ratios to the ceiling and to Prism; then the memory of the reference server with 100 000 events. Writes bench.md, bench.json and bench.svg. Takes about 3 minutes (--quick: about 30 s). Reports, never fails on a figure.`,
      )
      .option('--quick', 'one short round and 10 000 events for the memory row (what CI runs)')
      .addOption(reportDirOption('bench.md, bench.json and bench.svg'))
      .option('--no-prism', 'leave out the Prism mock (no ratio to Prism)')
      // Absent, these follow --quick: benchSettings' figures, shown from there.
      .addOption(
        new Option('--connections <N>', `connections of every load run (absent: ${FULL.connections}, with --quick ${QUICK.connections})`).argParser(
          wholeNumber(1, 1000),
        ),
      )
      .addOption(
        new Option('--duration <S>', `seconds of every load run (absent: ${FULL.durationSec}, with --quick ${QUICK.durationSec})`).argParser(
          wholeNumber(1, 600),
        ),
      )
      .addOption(new Option('--rounds <N>', `how often the sequence runs (absent: ${FULL.rounds}, with --quick ${QUICK.rounds})`).argParser(wholeNumber(1, 20)))
      .action(async (flags) => {
        // Loaded here: autocannon and the benchmark are this command's alone.
        const { runBench } = await import('../../server/bench/run-bench.js');
        const defaults = flags.quick ? QUICK : FULL;
        const { files } = await runBench({
          settings: {
            ...defaults,
            connections: flags.connections ?? defaults.connections,
            durationSec: flags.duration ?? defaults.durationSec,
            rounds: flags.rounds ?? defaults.rounds,
          },
          reportDir: resolve(process.cwd(), flags.reportDir),
          prism: flags.prism,
          log: (line) => io.stdout.write(`${line}\n`),
        });
        io.stdout.write(`\n${readFileSync(files[0]!, 'utf8')}\nWritten: ${files.join(', ')}\n`);
        io.exitCode = 0;
      })
  );
}
