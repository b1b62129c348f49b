import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CommandIo, readFlagFile, UsageError, collect } from '../command/command-io.js';
import { minCoverageOption } from '../shared-flags.js';

/** `mgmt-kit coverage`: one response-coverage view of several runs (conformance and fuzz) of the same target. */
export function coverageCommand(io: CommandIo): CommandUnknownOpts {
  return new Command('coverage')
    .summary('merge the response coverage of conformance and fuzz runs')
    .description(
      // One line per paragraph and per table row: --help wraps them to the terminal (command/help-wrap.ts).
      `Prints one response-coverage matrix (operation x documented status: verified, seen but failed, undocumented but answered, never seen) for the runs whose summaries it is given, e.g.

  mgmt-kit coverage --report reports/conformance-summary.json \\
    --report reports/fuzz-summary.json

A documented response counts as seen when any of the runs saw it; as verified when any check of it held.

Exit status:
  0  merged (and at least --min-coverage)
  1  the merged coverage is below --min-coverage
  2  no --report, or one that cannot be read`,
    )
    .addOption(
      new Option('--report <FILE>', 'a conformance-summary.json or fuzz-summary.json; repeat for each run').default([] as string[], 'none').argParser(collect),
    )
    .addOption(minCoverageOption())
    .action(async (flags) => {
      if (flags.report.length === 0) throw new UsageError('no --report FILE: give the conformance-summary.json and/or fuzz-summary.json of the runs to merge');
      const [{ parseCoverageFile }, { buildResponseCoverage, checkMinCoverage }, { renderCoverageMarkdown }, { listOperations }] = await Promise.all([
        import('../../target/coverage/coverage-file.js'),
        import('../../contract/response-coverage.js'),
        import('../../target/coverage/render-coverage.js'),
        import('../../server/core/index.js'),
      ]);
      const files = flags.report.map((path) => ({ path, ...readFlagFile('--report', path, parseCoverageFile) }));
      const coverage = buildResponseCoverage(
        listOperations(),
        files.flatMap((f) => f.tallies),
      );
      const targets = [...new Set(files.map((f) => f.baseUrl))];
      io.stdout.write(
        [
          '# Response coverage',
          '',
          ...files.map((f) => `- ${f.tool} run of ${f.baseUrl} (${f.path})`),
          ...(targets.length > 1 ? [`- warning: the runs were pointed at ${targets.length} different base URLs; merge runs of one deployment`] : []),
          '',
          ...renderCoverageMarkdown(coverage),
        ].join('\n'),
      );
      const shortfall = checkMinCoverage(coverage, flags.minCoverage);
      if (shortfall !== undefined) io.stderr.write(`mgmt-kit coverage: ${shortfall}\n`);
      io.exitCode = shortfall === undefined ? 0 : 1;
    });
}
