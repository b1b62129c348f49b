// `mgmt-kit` itself: the command list comes from the commands' declarations, and every command's
// usage, help and exit 2 from its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, it, test } from 'node:test';
import { parseCommandLine } from './command/parse-command-line.js';
import { COMMAND_MODULES, formatHelp as formatHelpLoaded, loadCommands } from './main.js';

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

const COMMANDS = await loadCommands();
const HELP = await formatHelpLoaded();
const formatHelp = (): string => HELP;
const byName = (name: string) => COMMANDS.find((command) => command.name === name)!;

test('each command is loaded under the name it declares', () => {
  assert.deepEqual(
    COMMANDS.map((command) => command.name),
    COMMAND_MODULES.map(([name]) => name),
  );
});

test('mgmt-kit --help lists every command with the summary it declares (and its npm script)', () => {
  const rows = formatHelp().split('Commands:\n')[1]?.trim().split('\n');
  assert.deepEqual(
    rows?.map((row) => row.trim().split(/ +/)[0]),
    ['serve', 'token', 'mock', 'proxy', 'conformance', 'fuzz', 'capture', 'coverage', 'bench'],
  );
  for (const command of COMMANDS) assert.ok(formatHelp().includes(`${command.name.padEnd(12)} ${command.summary}`), command.name);
  assert.match(formatHelp(), /serve +run the reference in-memory server \(npm start\)\n/);
});

test('mgmt-kit --version prints the package version; an unknown command exits 2 with the list', () => {
  const version = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 20_000 });
  assert.deepEqual([version.status, version.stdout], [0, `${VERSION}\n`]);
  const unknown = spawnSync(process.execPath, [BIN, 'serv'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /^mgmt-kit: unknown command "serv"\n[\s\S]*Commands:/);
});

describe('every command, from its declaration', () => {
  for (const command of COMMANDS) {
    it(`${command.name}: the usage shows every declared flag and --help`, () => {
      const usage = command.usage();
      assert.ok(usage.startsWith(`Usage: mgmt-kit ${command.name} `), usage);
      for (const name of [...Object.keys(command.flags), 'help']) assert.match(usage, new RegExp(`^ {2}(-h, )?--${name}\\b`, 'm'), `--${name}`);
    });
    it(`${command.name}: defaults are declared, not written into a description`, () => {
      for (const [name, declaration] of Object.entries(command.flags)) assert.doesNotMatch(declaration.description, /\bdefault\b/i, `--${name}`);
    });
    it(`${command.name}: an unknown flag exits 2 with its message and the usage, before running anything`, async () => {
      const stdout = capture();
      const stderr = capture();
      assert.equal(await command.run(['--bogus'], { stdout, stderr, env: {} }), 2);
      assert.equal(stderr.text(), `mgmt-kit ${command.name}: unknown option --bogus\n\n${command.usage()}`);
      assert.equal(stdout.text(), '');
    });
  }
});

// The command lines of mock, proxy and fuzz as their declarations read them (the others run in their own tests).
/** What the connection flags (cli/shared-flags.ts) hold when none is given. */
const CONNECTION_DEFAULTS = {
  'base-url': undefined,
  token: undefined,
  'token-command': undefined,
  'jwt-secret': undefined,
  'jwt-claims': undefined,
  'auth-scheme': 'Bearer',
  header: [],
  'client-cert': undefined,
  'client-key': undefined,
  ca: undefined,
  rate: undefined,
  timeout: undefined,
  'retry-throttled': 0,
};

const rows: Array<[string, string[], unknown]> = [
  ['mock', [], { kind: 'values', values: { port: 4010, host: '127.0.0.1', dynamic: false } }],
  ['mock', ['--port', '0', '--host', '0.0.0.0', '--dynamic'], { kind: 'values', values: { port: 0, host: '0.0.0.0', dynamic: true } }],
  ['mock', ['--port=4020'], { kind: 'values', values: { port: 4020, host: '127.0.0.1', dynamic: false } }],
  ['mock', ['--port', '70000'], { kind: 'refused', error: '--port must be between 0 and 65535, got 70000' }],
  ['mock', ['spec.yaml'], { kind: 'refused', error: 'unexpected argument "spec.yaml"' }],
  ['proxy', ['--upstream', 'http://svc:8080'], { kind: 'values', values: { upstream: 'http://svc:8080', port: 4011, host: '127.0.0.1' } }],
  ['proxy', [], { kind: 'refused', error: '--upstream URL is required' }],
  ['proxy', ['--upstream', 'svc'], { kind: 'refused', error: '--upstream "svc" is not a URL (expected e.g. https://mgmt.example.net)' }],
  [
    'fuzz',
    ['--random-seed', '3', '--time-budget', '2m'],
    {
      kind: 'values',
      values: {
        ...CONNECTION_DEFAULTS,
        'self-test': false,
        runs: 100,
        concurrency: undefined,
        'time-budget': 120_000,
        'random-seed': 3,
        'allow-destructive': false,
        'report-dir': 'reports',
        baseline: undefined,
        'write-baseline': undefined,
        'min-coverage': undefined,
      },
    },
  ],
  ['fuzz', ['--seed', '3'], { kind: 'refused', error: 'unknown option --seed' }],
  ['fuzz', ['--min-coverage', '101'], { kind: 'refused', error: '--min-coverage must be between 0 and 100, got 101' }],
  [
    'coverage',
    ['--report', 'a.json', '--report', 'b.json', '--min-coverage', '55'],
    { kind: 'values', values: { report: ['a.json', 'b.json'], 'min-coverage': 55 } },
  ],
];
for (const [name, argv, want] of rows) {
  test(`${name} ${argv.join(' ')}`, () => assert.deepEqual(parseCommandLine(argv, byName(name).flags, {}), want));
}

test('fuzz without --random-seed draws one', () => {
  const parsed = parseCommandLine([], byName('fuzz').flags, {});
  assert.equal(parsed.kind, 'values');
  const seed = parsed.kind === 'values' ? parsed.values['random-seed'] : undefined;
  assert.ok(Number.isInteger(seed) && (seed as number) >= 0, String(seed));
});
