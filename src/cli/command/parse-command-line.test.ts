import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FlagDeclarations } from './flag-declaration.js';
import { parseCommandLine } from './parse-command-line.js';

// One declaration of every kind: each row is a command line (and environment) and what it reads as.
const FLAGS = {
  port: { type: 'integer', description: 'port', env: 'PORT', default: 8080, min: 0, max: 65535 },
  host: { type: 'string', description: 'host', valueName: 'HOST' },
  'no-auth': { type: 'boolean', description: 'no auth' },
  cors: { type: 'boolean', description: 'cors', default: true },
  origin: { type: 'string', repeatable: true, description: 'origin' },
  profile: { type: 'string', choices: ['core', 'extended'], description: 'profile' },
  secret: { type: 'string', notEmpty: true, env: 'SECRET', description: 'secret' },
  budget: { type: 'duration', default: '60s', description: 'budget' },
  'base-url': { type: 'url', env: 'BASE_URL', description: 'target' },
} as const satisfies FlagDeclarations;

const DEFAULTS = {
  port: 8080,
  host: undefined,
  'no-auth': false,
  cors: true,
  origin: [],
  profile: undefined,
  secret: undefined,
  budget: 60_000,
  'base-url': undefined,
};

const rows: Array<[string, { argv: string[]; env?: Record<string, string>; want: unknown }]> = [
  ['absent flags: defaults, false, [] — and undefined for the rest', { argv: [], want: { kind: 'values', values: DEFAULTS } }],
  [
    '--name value, --name=value, --flag',
    { argv: ['--port', '0', '--host=0.0.0.0', '--no-auth'], want: { kind: 'values', values: { ...DEFAULTS, port: 0, host: '0.0.0.0', 'no-auth': true } } },
  ],
  ['the last of a flag given twice wins', { argv: ['--port', '1', '--port', '2'], want: { kind: 'values', values: { ...DEFAULTS, port: 2 } } }],
  ['an environment variable stands in for an absent flag', { argv: [], env: { PORT: '9000' }, want: { kind: 'values', values: { ...DEFAULTS, port: 9000 } } }],
  ['the flag beats the variable', { argv: ['--port', '1'], env: { PORT: '9000' }, want: { kind: 'values', values: { ...DEFAULTS, port: 1 } } }],
  ['an empty variable counts as unset', { argv: [], env: { PORT: '', SECRET: '' }, want: { kind: 'values', values: DEFAULTS } }],
  ['a malformed variable is named', { argv: [], env: { PORT: '-1' }, want: { kind: 'refused', error: 'PORT must be a whole number, got "-1"' } }],
  [
    '--flag=false turns a true default off; =true is on',
    { argv: ['--cors=false', '--no-auth=true'], want: { kind: 'values', values: { ...DEFAULTS, cors: false, 'no-auth': true } } },
  ],
  ['a boolean with another value', { argv: ['--cors=maybe'], want: { kind: 'refused', error: '--cors takes no value (or =true / =false)' } }],
  [
    'a repeatable flag collects its values in order',
    { argv: ['--origin', 'a', '--origin=b'], want: { kind: 'values', values: { ...DEFAULTS, origin: ['a', 'b'] } } },
  ],
  ['a choice', { argv: ['--profile', 'extended'], want: { kind: 'values', values: { ...DEFAULTS, profile: 'extended' } } }],
  ['not one of the choices', { argv: ['--profile', 'strict'], want: { kind: 'refused', error: '--profile must be core or extended, got "strict"' } }],
  ['an empty value where none is allowed', { argv: ['--secret='], want: { kind: 'refused', error: '--secret must not be empty' } }],
  ["the same, as --secret ''", { argv: ['--secret', ''], want: { kind: 'refused', error: '--secret must not be empty' } }],
  ['a duration in milliseconds', { argv: ['--budget', '2m'], want: { kind: 'values', values: { ...DEFAULTS, budget: 120_000 } } }],
  [
    'an unreadable duration',
    { argv: ['--budget', 'soon'], want: { kind: 'refused', error: '--budget: "soon" is not a duration: write e.g. 300ms, 2s, 1.5s, 2m or 1h' } },
  ],
  ['a zero duration', { argv: ['--budget', '0s'], want: { kind: 'refused', error: '--budget must be longer than 0, got "0s"' } }],
  [
    'a URL',
    { argv: ['--base-url', 'https://mgmt.example.net/api'], want: { kind: 'values', values: { ...DEFAULTS, 'base-url': 'https://mgmt.example.net/api' } } },
  ],
  [
    'not a URL, from the variable',
    {
      argv: [],
      env: { BASE_URL: '127.0.0.1:8080' },
      want: { kind: 'refused', error: 'BASE_URL "127.0.0.1:8080" is not a URL (expected e.g. https://mgmt.example.net)' },
    },
  ],
  [
    'a URL of another scheme',
    { argv: ['--base-url', 'file:///etc'], want: { kind: 'refused', error: '--base-url "file:///etc" must be an http:// or https:// URL' } },
  ],
  ['an unknown flag', { argv: ['--prot', '1'], want: { kind: 'refused', error: 'unknown option --prot' } }],
  ['an unknown short flag', { argv: ['-x'], want: { kind: 'refused', error: 'unknown option -x' } }],
  ['prototype names are unknown flags', { argv: ['--constructor'], want: { kind: 'refused', error: 'unknown option --constructor' } }],
  ['a missing value', { argv: ['--port'], want: { kind: 'refused', error: '--port needs a value' } }],
  ['a value that is the next flag', { argv: ['--host', '--no-auth'], want: { kind: 'refused', error: '--host needs a value' } }],
  ['not a number', { argv: ['--port', 'abc'], want: { kind: 'refused', error: '--port must be a whole number, got "abc"' } }],
  ['out of range', { argv: ['--port', '70000'], want: { kind: 'refused', error: '--port must be between 0 and 65535, got 70000' } }],
  [
    'a negative number is not taken for a flag, and refused',
    { argv: ['--port', '-1'], want: { kind: 'refused', error: '--port must be a whole number, got "-1"' } },
  ],
  ['a stray argument', { argv: ['spec.yaml'], want: { kind: 'refused', error: 'unexpected argument "spec.yaml"' } }],
  ['a stray argument after --', { argv: ['--', '--port'], want: { kind: 'refused', error: 'unexpected argument "--port"' } }],
  ['--help', { argv: ['--help'], want: { kind: 'help' } }],
  ['-h', { argv: ['-h'], want: { kind: 'help' } }],
  ['--help wins over anything wrong beside it', { argv: ['--bogus', '--port', 'x', '--help'], env: { PORT: 'y' }, want: { kind: 'help' } }],
];

for (const [name, { argv, env = {}, want }] of rows) {
  test(`parseCommandLine: ${name}`, () => assert.deepEqual(parseCommandLine(argv, FLAGS, env), want));
}

test('parseCommandLine: a required flag that is absent is named with its placeholder and variable', () => {
  const flags = {
    upstream: { type: 'url', required: true, description: 'u' },
    secret: { type: 'string', required: true, env: 'SECRET', valueName: 'S', description: 's' },
  } as const;
  assert.deepEqual(parseCommandLine([], flags, {}), { kind: 'refused', error: '--upstream URL is required' });
  assert.deepEqual(parseCommandLine(['--upstream', 'http://u'], flags, {}), { kind: 'refused', error: '--secret S is required (or set SECRET)' });
  assert.deepEqual(parseCommandLine(['--upstream', 'http://u'], flags, { SECRET: 'x' }), { kind: 'values', values: { upstream: 'http://u', secret: 'x' } });
});

test('parseCommandLine: a default given as a function is called once per command line that needs it', () => {
  let calls = 0;
  const flags = { 'random-seed': { type: 'integer', default: () => ++calls, defaultNote: 'random', description: 'seed' } } as const;
  assert.deepEqual(parseCommandLine([], flags, {}), { kind: 'values', values: { 'random-seed': 1 } });
  assert.deepEqual(parseCommandLine(['--random-seed', '7'], flags, {}), { kind: 'values', values: { 'random-seed': 7 } });
  assert.equal(calls, 1, 'not called when the flag is given');
});

test('parseCommandLine: a flag that needs another is refused without it, and its default alone is no problem', () => {
  const flags = {
    admin: { type: 'boolean', description: 'a' },
    'journal-size': { type: 'integer', default: 2000, needs: 'admin', description: 'j' },
    upstream: { type: 'url', env: 'UPSTREAM', description: 'u' },
    retries: { type: 'integer', needs: 'upstream', description: 'r' },
  } as const;
  assert.deepEqual(parseCommandLine(['--journal-size', '5'], flags, {}), {
    kind: 'refused',
    error: '--journal-size needs --admin: without it --journal-size would change nothing',
  });
  assert.deepEqual(parseCommandLine(['--journal-size', '5', '--admin=false'], flags, {}).kind, 'refused');
  assert.deepEqual(parseCommandLine(['--journal-size', '5', '--admin'], flags, {}), {
    kind: 'values',
    values: { admin: true, 'journal-size': 5, upstream: undefined, retries: undefined },
  });
  assert.deepEqual(parseCommandLine([], flags, {}), {
    kind: 'values',
    values: { admin: false, 'journal-size': 2000, upstream: undefined, retries: undefined },
  });
  // The needed flag may come from its variable.
  assert.deepEqual(parseCommandLine(['--retries', '2'], flags, { UPSTREAM: 'http://u' }).kind, 'values');
  assert.deepEqual(parseCommandLine(['--retries', '2'], flags, {}).kind, 'refused');
});
