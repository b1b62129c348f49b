import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseBaseline, type Baseline } from '../../conformance/baseline.js';
import { declareCommand } from '../command/declare-command.js';
import { UsageError } from '../command/usage-error.js';
import { reportDirFlag, TARGET_FLAGS } from '../shared-flags.js';
import { withTarget } from '../with-target.js';

/** `--baseline FILE`, read and checked; a file that cannot be used stops the run before it starts. */
function readBaselineFile(file: string): { file: string; baseline: Baseline } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--baseline ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const parsed = parseBaseline(text);
  if (!parsed.ok) throw new UsageError(`--baseline ${file}: ${parsed.error}`);
  return { file, baseline: parsed.baseline };
}

/** `mgmt-kit conformance`: the suite against a base URL, or against a fresh reference server (--self-test). */
export const conformanceCommand = declareCommand({
  name: 'conformance',
  npmScript: 'npm run conformance',
  summary: 'run the conformance features against any implementation',
  about: `Runs the conformance features (features/*.feature) against any implementation of the management
service. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-) and is deleted
afterwards, pass or fail. Before any scenario, one plain read (GET /type/network-link) checks that
the target answers and accepts the token.

Exit status: 0 every selected scenario passed (with --baseline: none failed that it does not list)
             1 scenarios failed
             2 usage or connection error: bad flags or baseline file, target unreachable, token
               refused (401/403 on the plain read), no scenario selected`,
  flags: {
    ...TARGET_FLAGS,
    'auth-scheme': { type: 'string', env: 'AUTH_SCHEME', valueName: 'S', default: 'Bearer', description: 'word before the token ("" for none)' },
    profile: { type: 'string', choices: ['core', 'extended'], defaultNote: 'core, --self-test: extended', description: 'core (the description only) or extended (adds @extension)' },
    'allow-destructive': { type: 'boolean', description: 'run @destructive scenarios (delete without a body; indices are snapshotted and restored)' },
    'jwt-claims': { type: 'string', env: 'JWT_CLAIMS', valueName: 'JSON', description: 'JSON object of extra claims in minted tokens, e.g. {"iss":"idp"}' },
    tags: { type: 'string', valueName: 'EXPR', description: 'cucumber tag expression, and-ed with the profile' },
    parallel: { type: 'integer', min: 0, max: 32, default: 0, description: 'run scenarios in N worker processes at once (@destructive ones still alone); 0 = one after the other' },
    'report-dir': reportDirFlag('the reports and the summary'),
    baseline: { type: 'string', valueName: 'FILE', description: 'JSON list of scenarios expected to fail, each with a reason: exit 0 while exactly those fail' },
    'write-baseline': { type: 'string', valueName: 'FILE', description: 'write the baseline this run needs (every failed scenario) to FILE' },
  },
  async run(flags, io) {
    // Loaded here: the suite's runner brings cucumber, which no other command needs.
    const [{ parseJwtClaims }, { runConformanceCommand }] = await Promise.all([
      import('../../conformance/mint-jwt.js'),
      import('../../conformance/run-conformance-command.js'),
    ]);
    const claims = parseJwtClaims(flags['jwt-claims']);
    if (!claims.ok) throw new UsageError(claims.error);
    const baseline = flags.baseline === undefined ? undefined : readBaselineFile(flags.baseline);
    return withTarget('conformance', flags, io.stdout, (target) =>
      runConformanceCommand({
        baseUrl: target.baseUrl,
        token: target.token,
        jwtSecret: target.jwtSecret,
        authScheme: flags['auth-scheme'],
        profile: flags.profile ?? (target.selfTest ? 'extended' : 'core'),
        allowDestructive: target.selfTest || flags['allow-destructive'],
        jwtClaims: claims.claims,
        tags: flags.tags,
        parallel: flags.parallel,
        baseline,
        writeBaseline: flags['write-baseline'] === undefined ? undefined : resolve(process.cwd(), flags['write-baseline']),
        reportDir: resolve(process.cwd(), flags['report-dir']),
        out: io.stdout,
        err: io.stderr,
      }),
    );
  },
});
