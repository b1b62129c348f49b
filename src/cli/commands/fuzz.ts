import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import type { Command } from '../main.js';
import { formatFlagHelp, parseFlags } from '../parse-flags.js';
import { CLEAN_UP_ALLOWANCE_MS, FINAL_READ_ALLOWANCE_MS } from '../../fuzz/run/run-budget.js';
import { parseTimeBudget, runFuzzCommand } from '../../fuzz/run/run-fuzz-command.js';

const FUZZ_FLAGS = {
  'base-url': { kind: 'string', description: 'the implementation under test', env: 'BASE_URL', valueName: 'URL' },
  token: { kind: 'string', description: 'JWT sent as Authorization: Bearer on every call', env: 'TOKEN', valueName: 'T' },
  'jwt-secret': { kind: 'string', description: 'HS256 secret: mints the token when --token is absent; signs the expired / wrong-algorithm tokens with the right key', env: 'JWT_SECRET', valueName: 'S' },
  runs: { kind: 'integer', description: 'generated sequences (shrinking runs not counted)', defaultText: '100', min: 1, max: 1_000_000 },
  'time-budget': {
    kind: 'string',
    description: `generating and shrinking stop after this long (60s, 2m, 500ms), a request still in flight is aborted; deleting the run's records then gets up to ${CLEAN_UP_ALLOWANCE_MS / 1000} s more and the final read of what is left ${FINAL_READ_ALLOWANCE_MS / 1000} s`,
    defaultText: '60s',
    valueName: 'D',
  },
  seed: { kind: 'integer', description: 'replay a run: the same seed generates the same sequences', defaultText: 'random', min: 0, max: 2_147_483_647 },
  'allow-destructive': { kind: 'boolean', description: 'also send deletes without where (they remove every record of an index; records the run did not make are created again afterwards)' },
  'report-dir': { kind: 'string', description: 'where fuzz.md and fuzz-junit.xml go', defaultText: 'reports', valueName: 'DIR' },
  'self-test': { kind: 'boolean', description: 'start the reference server on a free port with a fresh secret and fuzz it' },
  help: { kind: 'boolean', description: 'show this help' },
} as const;

const USAGE = `Usage: mgmt-kit fuzz --base-url URL --token T [--jwt-secret S] [--runs 100] [--time-budget 60s]
         [--seed N] [--allow-destructive] [--report-dir reports]
       mgmt-kit fuzz --self-test

Model-based differential fuzzing: generated sequences of create/read/update/delete requests,
each answer checked against the spec and against the reference core fed the same requests;
each disagreement is shrunk to its shortest sequence and printed as curl commands. Every id it
creates starts with a run prefix (fz-xxxxxx-) and is deleted afterwards; a read of every index at
the end says what is left. Exit 0: nothing failed; 1: failures; 2: usage error or target
unreachable.

Options:
${formatFlagHelp(FUZZ_FLAGS)}
`;

/** `mgmt-kit fuzz`: the fuzzer against a base URL, or against a fresh reference server (--self-test). */
export const command: Command = {
  summary: 'model-based differential fuzzing of any implementation',
  async run(argv) {
    const parsed = parseFlags(argv, FUZZ_FLAGS);
    if (!parsed.ok) {
      process.stderr.write(`mgmt-kit fuzz: ${parsed.error}\n\n${USAGE}`);
      return 2;
    }
    const flags = parsed.values;
    if (flags.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const timeBudgetMs = parseTimeBudget(flags['time-budget'] ?? '60s');
    if (timeBudgetMs === undefined || timeBudgetMs <= 0) {
      process.stderr.write(`mgmt-kit fuzz: --time-budget takes e.g. 60s, 2m or 500ms, got "${flags['time-budget']}"\n`);
      return 2;
    }
    if (flags['jwt-secret'] === '') {
      process.stderr.write('mgmt-kit fuzz: --jwt-secret must not be empty\n');
      return 2;
    }
    const common = {
      runs: flags.runs ?? 100,
      timeBudgetMs,
      seed: flags.seed ?? randomInt(2_147_483_647),
      reportDir: resolve(process.cwd(), flags['report-dir'] ?? 'reports'),
      out: process.stdout,
    };
    if (flags['self-test']) {
      const { generateSecret, startReferenceServer } = await import('../../reference-server/index.js');
      const secret = generateSecret();
      const server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
      try {
        return await runFuzzCommand({ ...common, baseUrl: server.url, jwtSecret: secret, allowDestructive: true });
      } finally {
        await server.close();
      }
    }
    const baseUrl = flags['base-url'];
    if (!baseUrl) {
      process.stderr.write(`mgmt-kit fuzz: no target — pass --base-url URL or set BASE_URL (or use --self-test)\n\n${USAGE}`);
      return 2;
    }
    try {
      new URL(baseUrl);
    } catch {
      process.stderr.write(`mgmt-kit fuzz: --base-url is not a URL: ${baseUrl}\n`);
      return 2;
    }
    return runFuzzCommand({ ...common, baseUrl, token: flags.token, jwtSecret: flags['jwt-secret'], allowDestructive: flags['allow-destructive'] });
  },
};
