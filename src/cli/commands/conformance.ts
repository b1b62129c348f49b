import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from '../main.js';
import { formatFlagHelp, parseFlags } from '../parse-flags.js';
import { parseBaseline, type Baseline } from '../../conformance/baseline.js';
import { findBaseUrlProblem } from '../../conformance/check-target.js';
import { parseJwtClaims } from '../../conformance/mint-jwt.js';
import { EXIT, runConformanceCommand } from '../../conformance/run-conformance-command.js';

const CONFORMANCE_FLAGS = {
  'base-url': { kind: 'string', description: 'the implementation under test', env: 'BASE_URL', valueName: 'URL' },
  token: { kind: 'string', description: 'JWT sent as Authorization on every call', env: 'TOKEN', valueName: 'T' },
  'auth-scheme': { kind: 'string', description: 'word before the token ("" for none)', env: 'AUTH_SCHEME', defaultText: 'Bearer', valueName: 'S' },
  profile: { kind: 'string', description: 'core (the description only) or extended (adds @extension)', defaultText: 'core', valueName: 'P' },
  'allow-destructive': { kind: 'boolean', description: 'run @destructive scenarios (delete without a body; indices are snapshotted and restored)' },
  'jwt-secret': { kind: 'string', description: 'HS256 secret: mints the token when --token is absent and runs @needs-jwt-secret', env: 'JWT_SECRET', valueName: 'S' },
  'jwt-claims': { kind: 'string', description: 'JSON object of extra claims in minted tokens, e.g. {"iss":"idp"}', env: 'JWT_CLAIMS', valueName: 'JSON' },
  tags: { kind: 'string', description: 'cucumber tag expression, and-ed with the profile', valueName: 'EXPR' },
  parallel: {
    kind: 'integer',
    description: 'run scenarios in N worker processes at once (@destructive ones still alone); 0 = one after the other',
    defaultText: '0',
    valueName: 'N',
    min: 0,
    max: 32,
  },
  'report-dir': { kind: 'string', description: 'where reports and the summary go', defaultText: 'reports', valueName: 'DIR' },
  baseline: { kind: 'string', description: 'JSON list of scenarios expected to fail, each with a reason: exit 0 while exactly those fail', valueName: 'FILE' },
  'write-baseline': { kind: 'string', description: 'write the baseline this run needs (every failed scenario) to FILE', valueName: 'FILE' },
  'self-test': { kind: 'boolean', description: 'start the reference server on a free port with a fresh secret and run everything against it (profile extended, --allow-destructive)' },
  help: { kind: 'boolean', description: 'show this help' },
} as const;

const USAGE = `Usage: mgmt-kit conformance --base-url URL --token TOKEN [--auth-scheme Bearer]
         [--profile core|extended] [--allow-destructive] [--jwt-secret S [--jwt-claims JSON]] [--tags EXPR]
         [--parallel N] [--baseline FILE] [--write-baseline FILE] [--report-dir reports]
       mgmt-kit conformance --self-test [--parallel N] [--report-dir reports]

Runs the conformance features (features/*.feature) against any implementation of the management
service. Every id the suite creates starts with a per-run prefix (mk-xxxxxx-) and is deleted
afterwards, pass or fail. Before any scenario, one plain read (GET /type/network-link) checks that
the target answers and accepts the token.

Exit status: 0 every selected scenario passed (with --baseline: none failed that it does not list)
             1 scenarios failed
             2 usage or connection error: bad flags or baseline file, target unreachable, token
               refused (401/403 on the plain read), no scenario selected

Options:
${formatFlagHelp(CONFORMANCE_FLAGS)}
`;

function readBaselineFile(file: string): ReturnType<typeof parseBaseline> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, error: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
  return parseBaseline(text);
}

/** `mgmt-kit conformance`: the suite against a base URL, or against a fresh reference server (--self-test). */
export const command: Command = {
  summary: 'run the conformance features against any implementation',
  async run(argv) {
    const parsed = parseFlags(argv, CONFORMANCE_FLAGS);
    if (!parsed.ok) {
      process.stderr.write(`mgmt-kit conformance: ${parsed.error}\n\n${USAGE}`);
      return EXIT.usage;
    }
    const flags = parsed.values;
    if (flags.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const profile = flags.profile ?? (flags['self-test'] ? 'extended' : 'core');
    if (profile !== 'core' && profile !== 'extended') {
      process.stderr.write(`mgmt-kit conformance: --profile must be core or extended, got "${profile}"\n`);
      return EXIT.usage;
    }
    if (flags['jwt-secret'] === '') {
      process.stderr.write('mgmt-kit conformance: --jwt-secret must not be empty\n');
      return EXIT.usage;
    }
    const claims = parseJwtClaims(flags['jwt-claims']);
    if (!claims.ok) {
      process.stderr.write(`mgmt-kit conformance: ${claims.error}\n`);
      return EXIT.usage;
    }
    let baseline: { file: string; baseline: Baseline } | undefined;
    if (flags.baseline !== undefined) {
      const read = readBaselineFile(flags.baseline);
      if (!read.ok) {
        process.stderr.write(`mgmt-kit conformance: --baseline ${flags.baseline}: ${read.error}\n`);
        return EXIT.usage;
      }
      baseline = { file: flags.baseline, baseline: read.baseline };
    }
    const common = {
      authScheme: flags['auth-scheme'],
      baseline,
      writeBaseline: flags['write-baseline'] === undefined ? undefined : resolve(process.cwd(), flags['write-baseline']),
      jwtClaims: claims.claims,
      profile,
      tags: flags.tags,
      parallel: flags.parallel,
      reportDir: resolve(process.cwd(), flags['report-dir'] ?? 'reports'),
      out: process.stdout,
    } as const;
    if (flags['self-test']) {
      const { generateSecret, startReferenceServer } = await import('../../reference-server/index.js');
      const secret = generateSecret();
      const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
      process.stdout.write(`mgmt-kit conformance --self-test: reference server at ${server.url}\n`);
      try {
        return await runConformanceCommand({ ...common, baseUrl: server.url, jwtSecret: secret, allowDestructive: true });
      } finally {
        await server.close();
      }
    }
    const baseUrl = flags['base-url'];
    if (!baseUrl) {
      process.stderr.write(`mgmt-kit conformance: no target — pass --base-url URL or set BASE_URL (or use --self-test)\n\n${USAGE}`);
      return EXIT.usage;
    }
    const urlProblem = findBaseUrlProblem(baseUrl);
    if (urlProblem !== undefined) {
      process.stderr.write(`mgmt-kit conformance: ${urlProblem}\n`);
      return EXIT.usage;
    }
    return runConformanceCommand({
      ...common,
      baseUrl,
      token: flags.token,
      jwtSecret: flags['jwt-secret'],
      allowDestructive: flags['allow-destructive'],
    });
  },
};
