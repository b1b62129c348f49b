// npm run test:clone (a run of its own in .ci/run: it clones the repository and runs npm ci in the
// clone, minutes on 2 cores). After `npm ci` in a fresh clone (of the committed HEAD), `npx mgmt-kit`
// runs the clone's own build at once: npx finds node_modules/.bin/mgmt-kit (packages/clone-bin),
// installs nothing into its cache (the npm cache given to npx is empty, and stays without an
// `_npx` folder) and builds nothing (dist/ is untouched), also right after an interrupted call.
// Prints the times of the first and second `npx mgmt-kit --help` beside `node bin/mgmt-kit.js --help`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, REPO } from '../packages/consumer-project.js';

const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-clone-'));
const clone = join(work, 'clone');
const emptyCache = join(work, 'npm-cache');
const log = (line: string) => console.log(`# ${line}`);

function timed(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = cleanEnv(),
  timeoutMs = 300_000,
): { ms: number; status: number | null; stdout: string; stderr: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: clone, env, encoding: 'utf8', timeout: timeoutMs });
  return { ms: performance.now() - started, status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `npx …` in the clone with the empty npm cache: nothing there to reuse, so an install would show. */
const npx = (args: string[]) => timed('npx', args, cleanEnv({ npm_config_cache: emptyCache }));
const distMtime = () => statSync(join(clone, 'dist/cli/main.js')).mtimeMs;

before(() => {
  const cloned = spawnSync('git', ['clone', '-q', REPO, clone], { encoding: 'utf8' });
  assert.equal(cloned.status, 0, cloned.stderr);
  const started = performance.now();
  // Minutes on a loaded 2-CPU machine; a timeout's SIGTERM makes npm exit 1 without a word.
  const installed = timed('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], cleanEnv(), 30 * 60_000);
  assert.equal(installed.status, 0, `${installed.stdout.slice(-3000)}\n${installed.stderr.slice(-3000)}`);
  log(`npm ci in the fresh clone (builds the packages): ${((performance.now() - started) / 1000).toFixed(0)} s`);
});
after(() => rmSync(work, { recursive: true, force: true }));

test("npm ci leaves node_modules/.bin/mgmt-kit: the clone-bin workspace, which runs the clone's bin/mgmt-kit.js", () => {
  assert.equal(realpathSync(join(clone, 'node_modules/.bin/mgmt-kit')), join(realpathSync(clone), 'packages/clone-bin/mgmt-kit.js'));
  assert.ok(existsSync(join(clone, 'dist/cli/main.js')), 'npm ci built dist/');
});

test("npx mgmt-kit --help, first and second call with an empty npm cache: answers, installs nothing into npx's cache, rebuilds nothing", {
  timeout: 600_000,
}, () => {
  const before = distMtime();
  const direct = timed(process.execPath, ['bin/mgmt-kit.js', '--help']);
  const first = npx(['mgmt-kit', '--help']);
  const second = npx(['mgmt-kit', '--help']);
  log(
    `--help: node bin/mgmt-kit.js ${direct.ms.toFixed(0)} ms; npx mgmt-kit first call ${first.ms.toFixed(0)} ms, second ${second.ms.toFixed(0)} ms (empty npm cache)`,
  );
  for (const run of [direct, first, second]) {
    assert.equal(run.status, 0, run.stderr);
    // The kit's own help (commander's usage line, then the kit's name and version), not npx's or npm's.
    assert.match(run.stdout, /^Usage: mgmt-kit <command> \[options\]\n\nmgmt-kit \d+\.\d+\.\d+ — /);
  }
  assert.equal(
    existsSync(join(emptyCache, '_npx')),
    false,
    `npx installed into its cache: ${existsSync(emptyCache) ? readdirSync(emptyCache).join(', ') : ''}`,
  );
  assert.equal(distMtime(), before, 'dist/ was rebuilt');
});

test('after an interrupted npx mgmt-kit, the next one still answers (nothing half-installed)', { timeout: 600_000 }, async () => {
  const child = spawn('npx', ['mgmt-kit', 'serve', '--port', '0', '--quiet'], { cwd: clone, env: cleanEnv({ npm_config_cache: emptyCache }), detached: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  process.kill(-child.pid!, 'SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  const next = npx(['mgmt-kit', '--version']);
  assert.equal(next.status, 0, next.stderr);
  assert.match(next.stdout.trim(), /^\d+\.\d+\.\d+$/);
  assert.equal(existsSync(join(emptyCache, '_npx')), false);
});
