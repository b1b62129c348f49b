import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { CHECK_IDS, parseCheckList } from '../../fuzz/checks/check-table.js';
import { findFuzzTodoReasons, parseFuzzBaseline } from '../../target/fuzz/fuzz-baseline.js';
import { CLEAN_UP_ALLOWANCE_MS, FINAL_READ_ALLOWANCE_MS } from '../../fuzz/run/fuzz-session.js';
import { type CommandIo, readBaselineFlag, durationOption, UsageError, wholeNumber } from '../command/command-io.js';
import { addTargetOptions, minCoverageOption, reportDirOption } from '../shared-flags.js';
import { withTarget } from '../with-target.js';

/** The largest random seed fast-check takes (a 32-bit signed integer). */
const MAX_RANDOM_SEED = 2_147_483_647;

/**
 * The default `--runs`. Measured (npm run fuzz:sensitivity; docs/fuzzing.md has the table): 15 of
 * the 18 broken switches of the independent implementation are found by at least 9 of 10 random
 * seeds with it; infinity-out, select-ignored-by-id and shallow-compare are not.
 */
export const DEFAULT_FUZZ_RUNS = 100;

/** `mgmt-kit fuzz`: the fuzzer against a base URL, or against a fresh reference server (--self-test). */
export function fuzzCommand(io: CommandIo): CommandUnknownOpts {
  return (
    addTargetOptions(
      new Command('fuzz')
        .summary('model-based differential fuzzing of any implementation')
        .description(
          `Model-based differential fuzzing: generated sequences of create/read/update/delete requests, each answer checked against the spec and against the reference core fed the same requests; each disagreement is shrunk to its shortest sequence and printed as curl commands. Every id it creates starts with a run prefix (fz-xxxxxx-) and is deleted afterwards; a read of every index at the end says what is left. Exit 0: nothing failed; 1: failures, or the response coverage is below --min-coverage (with --baseline: failures it does not list); 2: usage error, target unreachable, TLS, proxy or token failure (the pre-flight of conformance); 3: the target throttled the run (429, or 503 with Retry-After) and nothing failed before.`,
        ),
    )
      .addOption(new Option('--runs <N>', 'generated sequences (shrinking runs not counted)').default(DEFAULT_FUZZ_RUNS).argParser(wholeNumber(1, 1_000_000)))
      .addOption(
        durationOption(
          '--time-budget <TIME>',
          `generating and shrinking stop after this long (60s, 2m, 500ms), a request still in flight is aborted; deleting the run's records then gets up to ${CLEAN_UP_ALLOWANCE_MS / 1000} s more and the final read of what is left ${FINAL_READ_ALLOWANCE_MS / 1000} s`,
        ).default(60_000, '60s'),
      )
      .addOption(
        new Option('--random-seed <N>', 'replay a run: the same random seed generates the same sequences (absent: a random one, printed)').argParser(
          wholeNumber(0, MAX_RANDOM_SEED),
        ),
      )
      .addOption(
        new Option(
          '--concurrency <N>',
          'first send up to --runs groups of N overlapping requests on one record at once (creates of one new id, updates of different fields, update or read or create against delete, deletes of one record), each judged by whether some serial order of the same requests explains every answer and the record read back; within half the time budget, each request paced by --rate',
        ).argParser(wholeNumber(2, 8)),
      )
      .addOption(
        new Option(
          '--checks <LIST>',
          `only these checks report failures, comma-separated (without the flag, every one; docs/fuzzing.md has the table): ${CHECK_IDS.join(', ')}`,
        ).argParser((text) => {
          const parsed = parseCheckList(text);
          if (!parsed.ok) throw new InvalidArgumentError(parsed.error);
          return parsed.checks;
        }),
      )
      .option(
        '--allow-destructive',
        'also send deletes without where (they remove every record of an index; records the run did not make are created again afterwards)',
      )
      .addOption(reportDirOption('fuzz.md, fuzz-junit.xml and fuzz-summary.json'))
      // --baseline / --write-baseline: known deviations by failure signature (src/target/fuzz/fuzz-baseline.ts).
      .option('--baseline <FILE>', 'JSON list of known deviations by failure signature, each with a reason: exit 0 while no other failure is found')
      .option('--write-baseline <FILE>', 'write the baseline this run needs (every failure signature, earlier entries kept) to FILE')
      .addOption(minCoverageOption())
      .action(async (flags) => {
        // Loaded here: the fuzzer brings fast-check and the reference core, which no other command needs.
        const { runFuzzCommand } = await import('../../target/fuzz/run-fuzz-command.js');
        const baseline = flags.baseline === undefined ? undefined : readBaselineFlag(flags.baseline, parseFuzzBaseline);
        const todo = baseline ? findFuzzTodoReasons(baseline.baseline) : [];
        if (baseline && todo.length > 0)
          io.stderr.write(
            `mgmt-kit fuzz: warning: --baseline ${baseline.file}: ${todo.length} entr${todo.length === 1 ? 'y still says' : 'ies still say'} TODO instead of why the deviation is accepted (${todo.slice(0, 3).join('; ')})\n`,
          );
        // A group of N requests sent at once needs N connections: below that they would not overlap.
        if ((flags.concurrency ?? 0) > flags.maxConnections)
          throw new UsageError(
            `--concurrency ${flags.concurrency} sends ${flags.concurrency} requests at once, and --max-connections ${flags.maxConnections} lets ${flags.maxConnections} go: raise --max-connections to ${flags.concurrency}, or lower --concurrency`,
          );
        io.exitCode = await withTarget('fuzz', flags, io.stdout, (target) =>
          runFuzzCommand({
            connection: target.connection,
            allowDestructive: target.selfTest || flags.allowDestructive === true,
            runs: flags.runs,
            timeBudgetMs: flags.timeBudget,
            randomSeed: flags.randomSeed ?? randomInt(MAX_RANDOM_SEED),
            concurrency: flags.concurrency,
            checks: flags.checks,
            reportDir: resolve(process.cwd(), flags.reportDir),
            minCoverage: flags.minCoverage,
            baseline,
            writeBaseline: flags.writeBaseline === undefined ? undefined : resolve(process.cwd(), flags.writeBaseline),
            out: io.stdout,
            preloadCheck: flags.preloadCheck,
          }),
        );
      })
  );
}
