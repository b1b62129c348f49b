import { resolve } from 'node:path';
import { findTodoReasons, parseBaseline, type Baseline } from '../../conformance/baseline.js';
import { declareCommand } from '../command/declare-command.js';
import { readFlagFile } from '../command/read-flag-file.js';
import { MIN_COVERAGE_FLAGS, reportDirFlag, TARGET_FLAGS } from '../shared-flags.js';
import { withTarget } from '../with-target.js';

/** `--baseline FILE`, read and checked; a file that cannot be used stops the run before it starts. */
function readBaselineFile(file: string): { file: string; baseline: Baseline } {
  const baseline = readFlagFile('--baseline', file, (text) => {
    const parsed = parseBaseline(text);
    return parsed.ok ? { ok: true, value: parsed.baseline } : parsed;
  });
  return { file, baseline };
}

/** `mgmt-kit conformance`: the suite against a base URL, or against a fresh reference server (--self-test). */
export const conformanceCommand = declareCommand({
  name: 'conformance',
  npmScript: 'npm run conformance',
  summary: 'run the conformance features against any implementation',
  about: `Runs the conformance features (features/*.feature) against any implementation of the management
service. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-) and is deleted
afterwards, pass or fail, and every index is read once more at the end: what is still there is
reported with a command that deletes it. Before any scenario, one plain read (GET
/type/network-link) checks that the target answers, accepts the token and holds the network link
types the description preloads.

Exit status: 0 every selected scenario passed (with --baseline: none failed that it does not list)
             1 scenarios failed, or the response coverage is below --min-coverage
             2 usage or connection error before any scenario: bad flags or baseline file, target
               unreachable, TLS or proxy failure, token refused (401/403 on the plain read) or
               --token-command failing, a path prefix that serves no index, no scenario selected
             3 the target throttled the run (429, or 503 with Retry-After) and nothing else failed
             4 the target stopped answering during the run: no verdict past that point
             5 every scenario passed, but records of the run are still on the target
             130, 143 interrupted (SIGINT, SIGTERM): the summary says the run did not finish`,
  flags: {
    ...TARGET_FLAGS,
    profile: {
      type: 'string',
      choices: ['core', 'extended'],
      defaultNote: 'core, --self-test: extended',
      description: 'core (the description only) or extended (adds @extension)',
    },
    'allow-destructive': { type: 'boolean', description: 'run @destructive scenarios (delete without a body; indices are snapshotted and restored)' },
    tags: { type: 'string', valueName: 'EXPR', description: 'cucumber tag expression, and-ed with the profile' },
    parallel: {
      type: 'integer',
      min: 0,
      max: 32,
      default: 0,
      description: 'run scenarios in N worker processes at once (@destructive ones still alone); 0 = one after the other',
    },
    'report-dir': reportDirFlag('the reports and the summary'),
    baseline: {
      type: 'string',
      valueName: 'FILE',
      description: 'JSON list of scenarios expected to fail, each with a reason: exit 0 while exactly those fail',
    },
    'write-baseline': { type: 'string', valueName: 'FILE', description: 'write the baseline this run needs (every failed scenario) to FILE' },
    ...MIN_COVERAGE_FLAGS,
    'no-preload-check': {
      type: 'boolean',
      description: 'the deployment really removed the two preloaded network link types: an empty read of them is not a wrong path prefix',
    },
  },
  async run(flags, io) {
    // Loaded here: the suite's runner brings cucumber, which no other command needs.
    const { runConformanceCommand } = await import('../../conformance/run-conformance-command.js');
    const baseline = flags.baseline === undefined ? undefined : readBaselineFile(flags.baseline);
    const todo = baseline ? findTodoReasons(baseline.baseline) : [];
    if (baseline && todo.length > 0) {
      io.stderr.write(
        `mgmt-kit conformance: warning: --baseline ${baseline.file}: ${todo.length === 1 ? '1 entry still says' : `${todo.length} entries still say`} TODO instead of why the failure is accepted (${todo.slice(0, 3).join('; ')}${todo.length > 3 ? '; …' : ''})\n`,
      );
    }
    return withTarget('conformance', flags, io.stdout, { timeoutMs: 15_000, env: io.env }, (target) =>
      runConformanceCommand({
        connection: target.connection,
        profile: flags.profile ?? (target.selfTest ? 'extended' : 'core'),
        allowDestructive: target.selfTest || flags['allow-destructive'],
        tags: flags.tags,
        parallel: flags.parallel,
        baseline,
        minCoverage: flags['min-coverage'],
        writeBaseline: flags['write-baseline'] === undefined ? undefined : resolve(process.cwd(), flags['write-baseline']),
        reportDir: resolve(process.cwd(), flags['report-dir']),
        out: io.stdout,
        err: io.stderr,
        noPreloadCheck: flags['no-preload-check'],
      }),
    );
  },
});
