import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createAuthenticator } from '../../contract/tokens/authenticate.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, 'token', ...args], { env: { ...process.env, JWT_SECRET: '', ...env }, encoding: 'utf8', timeout: 20_000 });

test('token --secret --expires --subject prints an HS256 JWT the server accepts', async () => {
  const result = run(['--secret', 's', '--expires', '2h', '--subject', 'alice']);
  assert.equal(result.status, 0, result.stderr);
  const token = result.stdout.trim();
  assert.equal(decodeProtectedHeader(token).alg, 'HS256');
  const claims = decodeJwt(token);
  assert.equal(claims.sub, 'alice');
  assert.equal(claims.exp! - claims.iat!, 7200);
  assert.equal(await createAuthenticator('s')(`Bearer ${token}`), true);
  assert.equal(await createAuthenticator('t')(`Bearer ${token}`), false);
});

test('token defaults to 1h and reads JWT_SECRET', () => {
  const result = run([], { JWT_SECRET: 'from-env' });
  assert.equal(result.status, 0, result.stderr);
  const claims = decodeJwt(result.stdout.trim());
  assert.equal(claims.exp! - claims.iat!, 3600);
});

test('token without any secret exits 2 with a clear message', () => {
  const result = run([]);
  assert.equal(result.status, 2);
  assert.match(result.stderr, /no secret — pass --secret S or set JWT_SECRET/);
  assert.equal(result.stdout, '');
});

test('token with a bad --expires or an unknown flag exits 2', () => {
  assert.equal(run(['--secret', 's', '--expires', 'soon']).status, 2);
  assert.equal(run(['--secret', 's', '--bogus']).status, 2);
});

// The one duration grammar (README: a bare number is milliseconds everywhere), as --timeout reads it.
const lifetimes: Array<[expires: string, exp: number[], note: RegExp | undefined]> = [
  ['500ms', [0, 1], undefined],
  ['90', [0, 1], /--expires 90 is 90 ms \(a bare number is milliseconds\): the token expires within a second; for seconds write 90s/],
  ['90000', [90], /--expires 90000 is 90000 ms \(a bare number is milliseconds\); for seconds write 90000s/],
  ['90s', [90], undefined],
  ['1.5h', [5400], undefined],
  ['2M', [120], undefined],
];
for (const [expires, exp, note] of lifetimes) {
  test(`token --expires ${expires}: exp - iat is ${exp.join(' or ')} s${note ? ', and a note says what the bare number is' : ''}`, () => {
    const result = run(['--secret', 's', '--expires', expires]);
    assert.equal(result.status, 0, result.stderr);
    const claims = decodeJwt(result.stdout.trim());
    assert.ok(exp.includes(claims.exp! - claims.iat!), `exp - iat = ${claims.exp! - claims.iat!}`);
    if (note) assert.match(result.stderr, note);
    else assert.equal(result.stderr, '');
  });
}

test('token --expires refuses what the grammar does not read: days (with the hours to write), 0, words', () => {
  const days = run(['--secret', 's', '--expires', '7d']);
  assert.equal(days.status, 2);
  assert.match(days.stderr, /option '--expires <DURATION>' argument '7d' is invalid\. Write days in hours: 168h\./);
  assert.match(run(['--secret', 's', '--expires', '0']).stderr, /It must be longer than 0\./);
  assert.match(run(['--secret', 's', '--expires', '2 weeks']).stderr, /"2 weeks" is not a duration: write e\.g\. 300ms/);
});

const emptySecrets: Array<[string, string[]]> = [
  ["--secret ''", ['--secret', '']],
  ['--secret=', ['--secret=']],
];

for (const [name, args] of emptySecrets) {
  test(`token refuses an empty secret (${name}) with exit 2 and a usage message`, () => {
    const result = run(args, { JWT_SECRET: 'from-env' });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /--secret <S>' argument '' is invalid\. It must not be empty/);
    assert.doesNotMatch(result.stderr, /DOMException/);
    assert.equal(result.stdout, '');
  });
}

test('an empty JWT_SECRET counts as unset: no secret, exit 2', () => {
  const result = run([], { JWT_SECRET: '' });
  assert.equal(result.status, 2);
  assert.match(result.stderr, /no secret — pass --secret S or set JWT_SECRET/);
});

test('token --help says an empty secret is refused', () => {
  const result = run(['--help']);
  assert.equal(result.status, 0);
  // Commander wraps the help to the terminal (80 columns in a pipe): read it as one line.
  assert.match(result.stdout.replace(/\s+/g, ' '), /must not be empty \(an empty JWT_SECRET counts as unset\) \(env: JWT_SECRET\)/);
});
