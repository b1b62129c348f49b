import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { declareCommand } from './declare-command.js';
import { UsageError } from './usage-error.js';

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

const greeted: unknown[] = [];
const hello = declareCommand({
  name: 'hello',
  summary: 'greets',
  about: 'Greets someone.',
  flags: {
    name: { type: 'string', default: 'world', description: 'who' },
    times: { type: 'integer', min: 1, max: 3, env: 'TIMES', description: 'how often' },
  },
  async run(flags, io) {
    if (flags.name === 'nobody') throw new UsageError('--name nobody: greet someone');
    if (flags.name === 'crash') throw new Error('not a usage error');
    greeted.push(flags);
    io.stdout.write(`hello ${flags.name}\n`);
    return 0;
  },
});

// argv, environment → exit code, stdout, stderr; `USAGE` stands for the derived usage text.
const rows: Array<[string, { argv: string[]; env?: Record<string, string>; code: number; stdout: string; stderr: string }]> = [
  ['the flags read, run', { argv: ['--name', 'you'], code: 0, stdout: 'hello you\n', stderr: '' }],
  ['--help: the usage on stdout, exit 0, nothing run', { argv: ['--help'], code: 0, stdout: 'USAGE', stderr: '' }],
  [
    'a bad flag: its message and the usage on stderr, exit 2',
    { argv: ['--times', '4'], code: 2, stdout: '', stderr: 'mgmt-kit hello: --times must be between 1 and 3, got 4\n\nUSAGE' },
  ],
  [
    'a bad variable, the same',
    { argv: [], env: { TIMES: 'x' }, code: 2, stdout: '', stderr: 'mgmt-kit hello: TIMES must be a whole number, got "x"\n\nUSAGE' },
  ],
  ['an unknown flag, the same', { argv: ['--nmae', 'x'], code: 2, stdout: '', stderr: 'mgmt-kit hello: unknown option --nmae\n\nUSAGE' }],
  [
    'a UsageError from run: its one line, exit 2',
    { argv: ['--name', 'nobody'], code: 2, stdout: '', stderr: 'mgmt-kit hello: --name nobody: greet someone\n' },
  ],
];

for (const [name, row] of rows) {
  test(`declareCommand: ${name}`, async () => {
    const stdout = capture();
    const stderr = capture();
    const code = await hello.run(row.argv, { stdout, stderr, env: row.env ?? {} });
    assert.deepEqual(
      { code, stdout: stdout.text(), stderr: stderr.text() },
      { code: row.code, stdout: row.stdout.replace('USAGE', hello.usage()), stderr: row.stderr.replace('USAGE', hello.usage()) },
    );
  });
}

test('declareCommand: run gets every value, defaults included', async () => {
  greeted.length = 0;
  await hello.run([], { stdout: capture(), stderr: capture(), env: { TIMES: '2' } });
  assert.deepEqual(greeted, [{ name: 'world', times: 2 }]);
});

test('declareCommand: any other error from run is not a usage error: it is thrown on', async () => {
  await assert.rejects(hello.run(['--name', 'crash'], { stdout: capture(), stderr: capture(), env: {} }), /not a usage error/);
});

test('declareCommand: the usage is derived from the declaration', () => {
  assert.equal(
    hello.usage(),
    'Usage: mgmt-kit hello [options]\n\nGreets someone.\n\nOptions:\n  --name VALUE           who (default world)\n  --times N              how often (env TIMES)\n  -h, --help             show this help\n',
  );
  assert.deepEqual([hello.name, hello.summary, hello.npmScript, Object.keys(hello.flags)], ['hello', 'greets', undefined, ['name', 'times']]);
});
