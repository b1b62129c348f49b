import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFlagHelp, parseFlags } from './parse-flags.js';

const SPEC = {
  port: { kind: 'integer', description: 'port', env: 'PORT', defaultText: '8080', min: 0, max: 65535 },
  host: { kind: 'string', description: 'host', valueName: 'HOST' },
  'no-auth': { kind: 'boolean', description: 'no auth' },
} as const;

const cases: Array<[string, { argv: string[]; env?: Record<string, string>; want: unknown }]> = [
  ['defaults', { argv: [], want: { ok: true, values: { 'no-auth': false }, positionals: [] } }],
  ['space and = forms', { argv: ['--port', '0', '--host=0.0.0.0', '--no-auth'], want: { ok: true, values: { port: 0, host: '0.0.0.0', 'no-auth': true }, positionals: [] } }],
  ['env fallback', { argv: [], env: { PORT: '9000' }, want: { ok: true, values: { port: 9000, 'no-auth': false }, positionals: [] } }],
  ['flag beats env', { argv: ['--port', '1'], env: { PORT: '9000' }, want: { ok: true, values: { port: 1, 'no-auth': false }, positionals: [] } }],
  ['positionals', { argv: ['x', '--', '--port'], want: { ok: true, values: { 'no-auth': false }, positionals: ['x', '--port'] } }],
  ['unknown flag', { argv: ['--prot', '1'], want: { ok: false, error: 'unknown option --prot' } }],
  ['missing value', { argv: ['--port'], want: { ok: false, error: '--port needs a value' } }],
  ['value that is a flag', { argv: ['--host', '--no-auth'], want: { ok: false, error: '--host needs a value' } }],
  ['not a number', { argv: ['--port', 'abc'], want: { ok: false, error: '--port must be a whole number, got "abc"' } }],
  ['out of range', { argv: ['--port', '70000'], want: { ok: false, error: '--port must be between 0 and 65535, got 70000' } }],
  ['bad env value', { argv: [], env: { PORT: '-1' }, want: { ok: false, error: 'PORT must be a whole number, got "-1"' } }],
  ['boolean with a value', { argv: ['--no-auth=yes'], want: { ok: false, error: '--no-auth takes no value (or =true / =false)' } }],
  ['boolean =false', { argv: ['--no-auth=false'], want: { ok: true, values: { 'no-auth': false }, positionals: [] } }],
  ['boolean =true', { argv: ['--no-auth=true'], want: { ok: true, values: { 'no-auth': true }, positionals: [] } }],
  ['prototype names are unknown flags', { argv: ['--constructor'], want: { ok: false, error: 'unknown option --constructor' } }],
];

for (const [name, { argv, env = {}, want }] of cases) {
  test(`parseFlags: ${name}`, () => assert.deepEqual(parseFlags(argv, SPEC, env), want));
}

const WITH_DEFAULTS = {
  cors: { kind: 'boolean', description: 'cors', defaultValue: true },
  'cors-origin': { kind: 'list', description: 'origin', valueName: 'ORIGIN' },
} as const;

const defaultCases: Array<[string, { argv: string[]; want: unknown }]> = [
  ['a true default', { argv: [], want: { ok: true, values: { cors: true, 'cors-origin': [] }, positionals: [] } }],
  ['=false turns it off', { argv: ['--cors=false'], want: { ok: true, values: { cors: false, 'cors-origin': [] }, positionals: [] } }],
  ['a list repeats, in order', { argv: ['--cors-origin', 'a', '--cors-origin=b'], want: { ok: true, values: { cors: true, 'cors-origin': ['a', 'b'] }, positionals: [] } }],
  ['a list needs a value', { argv: ['--cors-origin'], want: { ok: false, error: '--cors-origin needs a value' } }],
];
for (const [name, { argv, want }] of defaultCases) {
  test(`parseFlags: ${name}`, () => assert.deepEqual(parseFlags(argv, WITH_DEFAULTS, {}), want));
}

test('formatFlagHelp marks a list as repeatable', () => {
  assert.match(formatFlagHelp(WITH_DEFAULTS), /--cors-origin ORIGIN +origin \(repeatable\)/);
});

test('formatFlagHelp lists every flag with env and default', () => {
  const help = formatFlagHelp(SPEC);
  assert.match(help, /--port N +port \(env PORT, default 8080\)/);
  assert.match(help, /--host HOST +host/);
  assert.match(help, /--no-auth +no auth/);
});
