import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FlagDeclaration } from './flag-declaration.js';
import { formatOptions, formatUsage, formatUsageLine } from './format-usage.js';

// Each declaration and the row of the options table it gives: placeholder, then the notes.
const rows: Array<[string, FlagDeclaration, string]> = [
  ['a boolean', { type: 'boolean', description: 'no logs' }, '--quiet                no logs'],
  ['a boolean on by default', { type: 'boolean', default: true, description: 'cors' }, '--quiet                cors (default on)'],
  [
    'a default note beats the value',
    { type: 'boolean', default: true, defaultNote: 'on, any origin', description: 'cors' },
    '--quiet                cors (default on, any origin)',
  ],
  [
    'an integer: N, its variable and default',
    { type: 'integer', env: 'PORT', default: 8080, description: 'port' },
    '--quiet N              port (env PORT, default 8080)',
  ],
  ['a value name', { type: 'string', valueName: 'FILE', description: 'file' }, '--quiet FILE           file'],
  ['choices as the placeholder', { type: 'string', choices: ['core', 'extended'], description: 'profile' }, '--quiet core|extended  profile'],
  ['a duration: TIME and its default as written', { type: 'duration', default: '60s', description: 'budget' }, '--quiet TIME           budget (default 60s)'],
  ['a URL, required', { type: 'url', required: true, description: 'target' }, '--quiet URL            target (required)'],
  ['a repeatable flag', { type: 'string', repeatable: true, valueName: 'ORIGIN', description: 'origin' }, '--quiet ORIGIN         origin (repeatable)'],
  [
    'a function default says only its note',
    { type: 'integer', default: () => 3, defaultNote: 'random, printed', description: 'seed' },
    '--quiet N              seed (default random, printed)',
  ],
  ['a short alias', { type: 'boolean', short: 'q', description: 'no logs' }, '-q, --quiet            no logs'],
];

for (const [name, declaration, want] of rows) {
  test(`formatOptions: ${name}`, () => {
    const [row, help] = formatOptions({ quiet: declaration }).split('\n');
    assert.equal(row, `  ${want}`);
    assert.match(help ?? '', /^ {2}-h, --help +show this help$/, "--help is every command's last row");
  });
}

test('formatOptions aligns the descriptions past the longest flag', () => {
  const table = formatOptions({ a: { type: 'boolean', description: 'A' }, 'write-a-long-baseline': { type: 'string', valueName: 'FILE', description: 'B' } });
  const [short, long, help] = table.split('\n');
  // `  --write-a-long-baseline FILE` is 30 characters; one space more, then every description.
  assert.deepEqual([short?.indexOf('A'), long?.indexOf('B'), help?.indexOf('show this help')], [31, 31, 31]);
});

test('formatUsageLine: the required flags, [options], and the npm script beside', () => {
  const flags = { upstream: { type: 'url', required: true, description: 'u' }, port: { type: 'integer', description: 'p' } } as const;
  assert.equal(formatUsageLine({ name: 'proxy', flags }), 'Usage: mgmt-kit proxy --upstream URL [options]');
  assert.equal(formatUsageLine({ name: 'serve', npmScript: 'npm start', flags: {} }), `${'Usage: mgmt-kit serve [options]'.padEnd(48)} (npm start)`);
});

test('formatUsage: usage line, the about text, then the options', () => {
  const usage = formatUsage({ name: 'hello', about: '\nGreets.\n', flags: { name: { type: 'string', default: 'world', description: 'who' } } });
  assert.equal(
    usage,
    'Usage: mgmt-kit hello [options]\n\nGreets.\n\nOptions:\n  --name VALUE           who (default world)\n  -h, --help             show this help\n',
  );
});
