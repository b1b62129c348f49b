import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../main.js';
import { formatFlagHelp, parseFlags } from '../parse-flags.js';

const BENCH_FLAGS = {
  quick: { kind: 'boolean', description: 'one short round and 10 000 events for the memory row (what CI runs)' },
  'report-dir': { kind: 'string', description: 'where bench.md, bench.json and bench.svg go', defaultText: 'reports', valueName: 'DIR' },
  'no-prism': { kind: 'boolean', description: 'leave out the Prism mock (no ratio to Prism)' },
  connections: { kind: 'integer', description: 'connections of every load run', defaultText: '32 (--quick: 8)', valueName: 'N', min: 1, max: 1000 },
  duration: { kind: 'integer', description: 'seconds of every load run', defaultText: '5 (--quick: 1)', valueName: 'S', min: 1, max: 600 },
  rounds: { kind: 'integer', description: 'how often the sequence runs', defaultText: '2 (--quick: 1)', valueName: 'N', min: 1, max: 20 },
  help: { kind: 'boolean', description: 'show this help' },
} as const;

const USAGE = `Usage: mgmt-kit bench [--quick] [--report-dir reports] [--no-prism]     (npm run bench)

Measures, on loopback with autocannon and the same load for every target: the bare node:http
ceiling, the reference server (GET by id, GET all, GET with where, PUT, POST, DELETE, all with a
valid JWT), the core called in-process, and the Prism mock; twice, with ratios to the ceiling and
to Prism; then the memory of the reference server with 100 000 events. Writes bench.md,
bench.json and bench.svg. Takes about 3 minutes (--quick: about 30 s). Reports, never fails on a figure.

Options:
${formatFlagHelp(BENCH_FLAGS)}
`;

/** `mgmt-kit bench` / `npm run bench`: the performance figures. */
export const command: Command = {
  summary: 'measure the reference server against the node:http ceiling and Prism',
  async run(argv) {
    const parsed = parseFlags(argv, BENCH_FLAGS);
    if (!parsed.ok) {
      process.stderr.write(`mgmt-kit bench: ${parsed.error}\n\n${USAGE}`);
      return 2;
    }
    const flags = parsed.values;
    if (flags.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    // Loaded here: autocannon is a development dependency, needed only by this command.
    const { benchSettings } = await import('../../bench/bench-settings.js');
    let runBench: typeof import('../../bench/run-bench.js').runBench;
    try {
      ({ runBench } = await import('../../bench/run-bench.js'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      process.stderr.write(`mgmt-kit bench needs autocannon, a development dependency: run it in a clone after npm ci (${(error as Error).message})\n`);
      return 1;
    }
    const defaults = benchSettings(flags.quick);
    const settings = {
      ...defaults,
      connections: flags.connections ?? defaults.connections,
      durationSec: flags.duration ?? defaults.durationSec,
      rounds: flags.rounds ?? defaults.rounds,
    };
    const { files } = await runBench({
      settings,
      reportDir: resolve(process.cwd(), flags['report-dir'] ?? 'reports'),
      prism: !flags['no-prism'],
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`\n${readFileSync(files[0]!, 'utf8')}\nWritten: ${files.join(', ')}\n`);
    return 0;
  },
};
