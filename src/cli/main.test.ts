// `mgmt-kit` itself on commander: the command list, and every command's flags, help and exit 2
// from its own declaration.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, it, test } from 'node:test';
import { CommanderError } from '@commander-js/extra-typings';
import type { CommandIo } from './command/command-io.js';
import { COMMAND_MODULES, createProgram, main } from './main.js';

const BIN = new URL('../../bin/mgmt-kit.js', import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** A stream that keeps what is written to it. */
function capture(): Writable & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { text: () => text });
}

const quiet = (): CommandIo => ({ stdout: capture(), stderr: capture(), exitCode: 0 });
const COMMANDS = (await createProgram(quiet())).commands;
const VARIABLES = [...new Set(COMMANDS.flatMap((command) => command.options.flatMap((option) => (option.envVar ? [option.envVar] : []))))];
// Commander reads the flags' variables from process.env: the rows below start from none set.
for (const variable of VARIABLES) delete process.env[variable];

/** `mgmt-kit <argv>` in this process: exit code and what it wrote. */
async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = capture();
  const stderr = capture();
  const code = await main(argv, { stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

test('the program declares each command under the name main.ts loads it by, in that order, and every variable the docs name', () => {
  assert.deepEqual(
    COMMANDS.map((command) => command.name()),
    COMMAND_MODULES.map(([name]) => name),
  );
  const documented = [
    'PORT',
    'MGMT_KIT_HOST',
    'JWT_SECRET',
    'BASE_URL',
    'TOKEN',
    'TOKEN_COMMAND',
    'JWT_CLAIMS',
    'AUTH_SCHEME',
    'EXTRA_HEADERS',
    'MIN_COVERAGE',
  ];
  assert.deepEqual(VARIABLES.toSorted(), documented.toSorted());
});

test('mgmt-kit --help (and no argument at all) lists every command with its summary, exit 0', async () => {
  for (const argv of [['--help'], []]) {
    const { code, stdout } = await run(argv);
    assert.equal(code, 0);
    // A row starts with its command two spaces in; a summary longer than the terminal goes on, further in.
    const rows = stdout
      .split('Commands:\n')[1]
      ?.split('\n')
      .filter((line) => /^ {2}\S/.test(line));
    assert.deepEqual(
      rows?.map((row) => row.trim().split(/ +/)[0]),
      ['serve', 'token', 'mock', 'proxy', 'conformance', 'fuzz', 'capture', 'coverage', 'bench', 'help'],
    );
    const oneLine = stdout.replace(/\s+/g, ' ');
    assert.match(oneLine, / serve run the reference in-memory server \(npm start\) token /);
    assert.match(oneLine, / conformance run the conformance features against any implementation \(npm run conformance\) fuzz /);
  }
});

test('mgmt-kit --version prints the package version; an unknown command exits 2 with a suggestion and the list', () => {
  const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 20_000 });
  assert.deepEqual([version.status, version.stdout], [0, `${VERSION}\n`]);
  const unknown = spawnSync(process.execPath, [BIN, 'serv'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^mgmt-kit: unknown command 'serv'\n\(Did you mean serve\?\)\n[\s\S]*Commands:/);
});

/** What each command needs besides a stray flag to get as far as the unknown-flag check. */
const REQUIRED: Record<string, string[]> = { proxy: ['--upstream', 'http://svc'] };

describe('every command, from its declaration', () => {
  for (const command of COMMANDS) {
    const name = command.name();
    it(`${name}: --help shows every declared flag and --help, exit 0`, async () => {
      const { code, stdout } = await run([name, '--help']);
      assert.equal(code, 0);
      assert.ok(stdout.startsWith(`Usage: mgmt-kit ${name} `), stdout);
      for (const flags of [...command.options.map((option) => option.flags), '-h, --help']) assert.ok(stdout.includes(`  ${flags}`), flags);
    });
    it(`${name}: defaults are declared, not written into a description`, () => {
      for (const option of command.options) assert.doesNotMatch(option.description, /\bdefault\b/i, option.flags);
    });
    it(`${name}: an unknown flag exits 2 with its message and the help, before running anything`, async () => {
      const { code, stdout, stderr } = await run([name, ...(REQUIRED[name] ?? []), '--bogus']);
      const help = (await run([name, '--help'])).stdout;
      assert.deepEqual({ code, stdout, stderr }, { code: 2, stdout: '', stderr: `mgmt-kit ${name}: unknown option '--bogus'\n\n${help}` });
    });
  }
});

/** The values a command line gives the command's action (which is not run), or the first line of its refusal. */
async function parse(name: string, argv: string[]): Promise<{ values: unknown } | { refused: string }> {
  const io = quiet();
  const program = await createProgram(io, [name]);
  const command = program.commands[0]!;
  let values: unknown;
  command.action(() => {
    values = { ...command.opts() };
  });
  try {
    await program.parseAsync([name, ...argv], { from: 'user' });
    return { values };
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return { refused: (io.stderr as ReturnType<typeof capture>).text().split('\n')[0]! };
  }
}

/** What the connection flags (cli/shared-flags.ts) hold when none is given, besides the command's time-out. */
const CONNECTION_DEFAULTS = { authScheme: 'Bearer', header: [], maxConnections: 6, timeout: 15_000, retryThrottled: 0, preloadCheck: true };

const rows: Array<[string, string[], unknown]> = [
  ['mock', [], { values: { port: 4010, host: '127.0.0.1' } }],
  ['mock', ['--port', '0', '--host', '0.0.0.0', '--dynamic'], { values: { port: 0, host: '0.0.0.0', dynamic: true } }],
  ['mock', ['--port=4020'], { values: { port: 4020, host: '127.0.0.1' } }],
  ['mock', ['--port', '70000'], { refused: "mgmt-kit mock: option '--port <N>' argument '70000' is invalid. Expected a whole number from 0 to 65535." }],
  ['mock', ['--port', '-1'], { refused: "mgmt-kit mock: option '--port <N>' argument '-1' is invalid. Expected a whole number from 0 to 65535." }],
  ['mock', ['--port'], { refused: "mgmt-kit mock: option '--port <N>' argument missing" }],
  ['mock', ['spec.yaml'], { refused: "mgmt-kit mock: too many arguments for 'mock'. Expected 0 arguments but got 1." }],
  ['proxy', ['--upstream', 'http://svc:8080'], { values: { upstream: 'http://svc:8080', port: 4011, host: '127.0.0.1' } }],
  ['proxy', [], { refused: "mgmt-kit proxy: required option '--upstream <URL>' not specified" }],
  [
    'proxy',
    ['--upstream', 'svc'],
    { refused: "mgmt-kit proxy: option '--upstream <URL>' argument 'svc' is invalid. Expected an http:// or https:// URL, e.g. https://mgmt.example.net." },
  ],
  [
    'proxy',
    ['--upstream', 'file:///etc'],
    {
      refused:
        "mgmt-kit proxy: option '--upstream <URL>' argument 'file:///etc' is invalid. Expected an http:// or https:// URL, e.g. https://mgmt.example.net.",
    },
  ],
  [
    'fuzz',
    ['--random-seed', '3', '--time-budget', '2m'],
    { values: { ...CONNECTION_DEFAULTS, runs: 100, timeBudget: 120_000, randomSeed: 3, reportDir: 'reports' } },
  ],
  ['fuzz', ['--time-budget', '0s'], { refused: "mgmt-kit fuzz: option '--time-budget <TIME>' argument '0s' is invalid. It must be longer than 0." }],
  ['fuzz', ['--seed', '3'], { refused: "mgmt-kit fuzz: unknown option '--seed'" }],
  [
    'fuzz',
    ['--min-coverage', '101'],
    { refused: "mgmt-kit fuzz: option '--min-coverage <P>' argument '101' is invalid. Expected a whole number from 0 to 100." },
  ],
  [
    'conformance',
    ['--timeout', '1m', '--header', 'A: 1', '--header=B: 2'],
    { values: { ...CONNECTION_DEFAULTS, header: ['A: 1', 'B: 2'], timeout: 60_000, parallel: 'auto', reportDir: 'reports' } },
  ],
  [
    'conformance',
    ['--profile', 'strict'],
    { refused: "mgmt-kit conformance: option '--profile <NAME>' argument 'strict' is invalid. Allowed choices are core, extended." },
  ],
  [
    'conformance',
    ['--token', 't', '--token-command', 'echo t'],
    { refused: "mgmt-kit conformance: option '--token <T>' cannot be used with option '--token-command <CMD>'" },
  ],
  ['capture', ['--jwt-secret', ''], { refused: "mgmt-kit capture: option '--jwt-secret <S>' argument '' is invalid. It must not be empty." }],
  ['coverage', ['--report', 'a.json', '--report', 'b.json', '--min-coverage', '55'], { values: { report: ['a.json', 'b.json'], minCoverage: 55 } }],
  [
    'serve',
    ['--cors=false', '--no-auth'],
    { values: { port: 8080, host: '127.0.0.1', auth: false, bodyLimit: 1_048_576, cors: false, corsOrigin: [], journalSize: 2000 } },
  ],
  [
    'serve',
    ['--cors', '--admin', '--journal-size', '5'],
    { values: { port: 8080, host: '127.0.0.1', auth: true, bodyLimit: 1_048_576, cors: true, corsOrigin: [], admin: true, journalSize: 5 } },
  ],
  ['serve', ['--cors=maybe'], { refused: "mgmt-kit serve: option '--cors [true|false]' argument 'maybe' is invalid. Give the flag alone, =true or =false." }],
  ['serve', ['--journal-size', '5'], { refused: 'mgmt-kit serve: --journal-size needs --admin: without it --journal-size would change nothing' }],
];
for (const [name, argv, want] of rows) {
  test(`${name} ${argv.join(' ')}`, async () => assert.deepEqual(await parse(name, argv), want));
}

test('--timeout and --time-budget refuse a bare number for one release, with the spelling to use', async () => {
  const { refused } = (await parse('fuzz', ['--timeout', '90'])) as { refused: string };
  assert.equal(refused.split(' is invalid. ')[0], "mgmt-kit fuzz: option '--timeout <TIME>' argument '90'");
  assert.match(refused, / is invalid\. --timeout 90: give the unit — 90s for seconds, 90ms for milliseconds\. /);
});

describe("the flags' variables", () => {
  const withVariables = async <T>(variables: Record<string, string>, use: () => Promise<T>): Promise<T> => {
    Object.assign(process.env, variables);
    try {
      return await use();
    } finally {
      for (const variable of Object.keys(variables)) delete process.env[variable];
    }
  };
  it('stand in for absent flags; a flag beats its variable', async () => {
    const values = await withVariables({ PORT: '9000', MGMT_KIT_HOST: '0.0.0.0' }, () => parse('serve', ['--port', '1']));
    assert.deepEqual(values, { values: { port: 1, host: '0.0.0.0', auth: true, bodyLimit: 1_048_576, cors: true, corsOrigin: [], journalSize: 2000 } });
  });
  it('a malformed one is named', async () => {
    const { refused } = (await withVariables({ PORT: 'x' }, () => parse('serve', []))) as { refused: string };
    assert.equal(refused, "mgmt-kit serve: option '--port <N>' value 'x' from env 'PORT' is invalid. Expected a whole number from 0 to 65535.");
  });
  it("a repeatable flag's variable holds one value a line, blank lines skipped", async () => {
    const { values } = (await withVariables({ EXTRA_HEADERS: 'X-Tenant: t\n\nX-Api-Key: k\n' }, () => parse('capture', []))) as {
      values: { header: string[] };
    };
    assert.deepEqual(values.header, ['X-Tenant: t', 'X-Api-Key: k']);
  });
  it('one set to "" counts as unset (main drops it): an empty JWT_SECRET is no empty secret', async () => {
    const { code, stderr } = await withVariables({ JWT_SECRET: '', PORT: '' }, () => run(['token']));
    assert.deepEqual(
      { code, stderr },
      { code: 2, stderr: 'mgmt-kit token: no secret — pass --secret S or set JWT_SECRET (the secret the server was started with)\n' },
    );
  });
});
