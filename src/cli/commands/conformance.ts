import { resolve } from 'node:path';
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { findTodoReasons, parseBaseline } from '../../target/conformance/baseline.js';
import { type CommandIo, readBaselineFlag, wholeNumber } from '../command/command-io.js';
import { addTargetOptions, minCoverageOption, reportDirOption } from '../shared-flags.js';
import { withTarget } from '../with-target.js';

/** `mgmt-kit conformance`: the suite against a base URL, or against a fresh reference server (--self-test). */
export function conformanceCommand(io: CommandIo): CommandUnknownOpts {
  return addTargetOptions(
    new Command('conformance').summary('run the conformance features against any implementation (npm run conformance)').description(
      // One line per paragraph and per table row: --help wraps them to the terminal (command/help-wrap.ts).
      `Runs the conformance features (features/*.feature) against any implementation of the management service. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-) and is deleted afterwards, pass or fail, and every index is read once more at the end: what is still there is reported with a command that deletes it. Before any scenario, one plain read (GET /type/network-link) checks that the target answers, accepts the token and holds the network link types the description preloads.

Exit status:
  0         every selected scenario passed (with --baseline: no deviation it does not hold)
  1         a check failed or a scenario was blocked in setup (not judged), or the response coverage is below --min-coverage
  2         usage or connection error before any scenario: bad flags or baseline file, target unreachable, TLS or proxy failure, token refused (401/403 on the plain read) or --token-command failing, a path prefix that serves no index, no scenario selected
  3         the target throttled the run (429, or 503 with Retry-After) and nothing else failed
  4         the target stopped answering during the run: no verdict past that point
  5         every scenario passed, but records of the run are still on the target
  6         every scenario passed, but the final read could not read every index: what the run left is unknown
  130, 143  interrupted (SIGINT, SIGTERM): the summary says the run did not finish`,
    ),
  )
    .addOption(
      new Option('--profile <NAME>', 'core (the description only) or extended (adds @extension); absent: core, with --self-test extended').choices([
        'core',
        'extended',
      ] as const),
    )
    .option('--allow-destructive', 'run @destructive scenarios (delete without a body; indices are snapshotted and restored)')
    .option('--tags <EXPR>', 'cucumber tag expression, and-ed with the profile')
    .addOption(
      new Option(
        '--parallel <N>',
        'run scenarios in N worker processes at once (@destructive ones still alone); 0 = one after the other; auto = as many as --max-connections (at most 3 per processor) when the target is distant (a plain read takes 10 ms or more), else 0',
      )
        .default('auto' as const)
        .argParser((text): number | 'auto' => (text === 'auto' ? 'auto' : wholeNumber(0, 32)(text))),
    )
    .addOption(reportDirOption('the reports and the summary'))
    .option('--baseline <FILE>', 'known deviations: one entry per cause (a check and what the target did instead), its scenarios and a reason; any other fails')
    .option('--write-baseline <FILE>', 'write the baseline this run needs (one entry per cause it saw; reasons of --baseline kept) to FILE')
    .addOption(minCoverageOption())
    .action(async (flags) => {
      // Loaded here: the suite's runner brings cucumber, which no other command needs.
      const { runConformanceCommand } = await import('../../target/conformance/run-conformance-command.js');
      const baseline = flags.baseline === undefined ? undefined : readBaselineFlag(flags.baseline, parseBaseline);
      const todo = baseline ? findTodoReasons(baseline.baseline) : [];
      if (baseline && todo.length > 0) {
        io.stderr.write(
          `mgmt-kit conformance: warning: --baseline ${baseline.file}: ${todo.length === 1 ? '1 entry still says' : `${todo.length} entries still say`} TODO instead of why the failure is accepted (${todo.slice(0, 3).join('; ')}${todo.length > 3 ? '; …' : ''})\n`,
        );
      }
      io.exitCode = await withTarget('conformance', flags, io.stdout, (target) =>
        runConformanceCommand({
          connection: target.connection,
          profile: flags.profile ?? (target.selfTest ? 'extended' : 'core'),
          allowDestructive: target.selfTest || flags.allowDestructive === true,
          tags: flags.tags,
          // The reference server of --self-test is next door: auto runs it one scenario after the other.
          parallel: target.selfTest && flags.parallel === 'auto' ? 0 : flags.parallel,
          baseline,
          minCoverage: flags.minCoverage,
          writeBaseline: flags.writeBaseline === undefined ? undefined : resolve(process.cwd(), flags.writeBaseline),
          reportDir: resolve(process.cwd(), flags.reportDir),
          out: io.stdout,
          err: io.stderr,
          noPreloadCheck: !flags.preloadCheck,
        }),
      );
    });
}
