// The CI recipes in examples/ci cannot rot: their shell steps run here, in a project that has
// mgmt-kit installed (linked, as `npm ci` would leave it), against the reference server, with
// the secrets and variables a CI would inject. `uses:` steps and artifacts are checked to point
// at files the run really wrote.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { mintToken } from '../../src/contract/tokens/index.js';
import { EXIT } from '../../src/target/run/run-verdict.js';
import { PACKAGE_ROOT } from '../../src/target/conformance/run-conformance.js';
import { generateSecret, startReferenceServer, type RunningReferenceServer } from '../../src/server/index.js';

const RECIPES = join(PACKAGE_ROOT, 'examples/ci');
let server: RunningReferenceServer;
let token: string;

before(async () => {
  const secret = generateSecret();
  server = await startReferenceServer({ port: 0, host: '127.0.0.1', auth: { secret } });
  token = await mintToken({ secret, expiresIn: '1h' });
});
after(() => server.close());

/** A user's project with mgmt-kit installed (linked) and the example baseline committed. */
function createProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ci-recipe-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-service-ci', private: true, devDependencies: { 'mgmt-kit': `file:${PACKAGE_ROOT}` } }));
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(PACKAGE_ROOT, join(dir, 'node_modules/mgmt-kit'), 'dir');
  symlinkSync('../mgmt-kit/bin/mgmt-kit.js', join(dir, 'node_modules/.bin/mgmt-kit'));
  copyFileSync(join(RECIPES, 'conformance-baseline.json'), join(dir, 'conformance-baseline.json'));
  return dir;
}

function runShell(shell: string[], script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['BASE_URL', 'TOKEN', 'JWT_SECRET', 'JWT_CLAIMS', 'AUTH_SCHEME', 'NODE_OPTIONS']) delete base[key];
  const child = spawn(shell[0]!, [...shell.slice(1), script], { cwd, env: { ...base, ...env } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** Replaces `${{ vars.X }}` / `${{ secrets.X }}`; an expression the test does not know fails it. */
function substitute(text: string, expressions: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    assert.ok(name in expressions, `the recipe uses \${{ ${name} }}, which docs/conformance-in-ci.md must document`);
    return expressions[name]!;
  });
}

interface GithubStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

/** Runs the workflow's steps in order as Actions would (`if: always()` steps run after a failure). */
async function runGithubWorkflow(baseUrl: string): Promise<{ dir: string; summary: string; codes: Record<string, number | null>; uses: GithubStep[] }> {
  const workflow = parse(readFileSync(join(RECIPES, 'github-actions.yml'), 'utf8')) as { jobs: Record<string, { steps: GithubStep[] }> };
  const steps = workflow.jobs['conformance']?.steps ?? [];
  const dir = createProject();
  const summaryFile = join(dir, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const expressions = { 'vars.MGMT_BASE_URL': baseUrl, 'secrets.MGMT_TOKEN': token };
  const codes: Record<string, number | null> = {};
  let failed = false;
  for (const step of steps) {
    if (step.uses !== undefined || step.run === undefined) continue;
    if (step.run.trim() === 'npm ci') continue; // createProject() left what npm ci would
    if (failed && step.if !== 'always()') continue;
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v), expressions)]));
    const result = await runShell(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c'], step.run, dir, { ...env, GITHUB_STEP_SUMMARY: summaryFile });
    codes[step.name ?? step.run] = result.code;
    if (result.code !== 0) failed = true;
  }
  return { dir, summary: readFileSync(summaryFile, 'utf8'), codes, uses: steps.filter((s) => s.uses !== undefined) };
}

test('GitHub Actions recipe: conformance passes, the job summary gets the Markdown, artifact and junit paths exist', { timeout: 120_000 }, async () => {
  const { dir, summary, codes, uses } = await runGithubWorkflow(server.url);
  assert.deepEqual(codes, { Conformance: 0, 'Job summary': 0 });
  assert.match(summary, /^# Conformance summary: PASSED/);
  assert.match(summary, /## Rules of the service description/);
  const upload = uses.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
  const junit = uses.find((s) => s.uses?.startsWith('mikepenz/action-junit-report@'));
  assert.equal(upload?.if, 'always()');
  assert.equal(junit?.if, 'always()');
  assert.ok(existsSync(join(dir, upload?.with?.['path'] ?? '-', 'cucumber.html')), 'the uploaded path holds the reports');
  assert.match(readFileSync(join(dir, junit?.with?.['report_paths'] ?? '-'), 'utf8'), /<testsuite /);
});

test('GitHub Actions recipe: an unreachable deployment fails the step with exit 2, and the summary step still explains', { timeout: 120_000 }, async () => {
  const { summary, codes } = await runGithubWorkflow('http://127.0.0.1:9');
  assert.deepEqual(codes, { Conformance: 2, 'Job summary': 0 });
  // The job summary says the run did not run and why; no earlier verdict can stand in for it.
  assert.match(summary, /^# Conformance summary: NOT RUN/);
  assert.match(summary, /cannot reach the target/);
});

test('every recipe lists every exit code the command can give', () => {
  const codes = [...Object.values(EXIT), 130, 143];
  for (const name of ['github-actions.yml', 'gitlab-ci.yml']) {
    const header = readFileSync(join(RECIPES, name), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n');
    const listed = header.slice(header.indexOf('Exit codes'));
    for (const code of codes) assert.match(listed, new RegExp(`\\b${code}\\b`), `${name} names exit code ${code}`);
  }
});

test('GitLab CI recipe: script passes, after_script prints the summary, artifact and junit paths exist', { timeout: 120_000 }, async () => {
  const pipeline = parse(readFileSync(join(RECIPES, 'gitlab-ci.yml'), 'utf8')) as Record<
    string,
    {
      variables: Record<string, string>;
      before_script: string[];
      script: string[];
      after_script: string[];
      artifacts: { when: string; paths: string[]; reports: { junit: string } };
    }
  >;
  const job = pipeline['conformance']!;
  assert.deepEqual(job.before_script, ['npm ci']); // createProject() left what npm ci would
  const ciVariables: Record<string, string> = { MGMT_BASE_URL: server.url, MGMT_TOKEN: token };
  const variables = Object.fromEntries(
    Object.entries(job.variables).map(([k, v]) => [
      k,
      String(v).replace(/\$\{?(\w+)\}?/g, (_, name: string) => ciVariables[name] ?? assert.fail(`$${name} is not a documented CI/CD variable`)),
    ]),
  );
  const dir = createProject();
  const env = { ...ciVariables, ...variables };
  const script = await runShell(['bash', '-c'], `set -eo pipefail\n${job.script.join('\n')}`, dir, env);
  assert.equal(script.code, 0, script.output);
  const afterScript = await runShell(['bash', '-c'], job.after_script.join('\n'), dir, env);
  assert.equal(afterScript.code, 0);
  assert.match(afterScript.output, /^# Conformance summary: PASSED/);
  assert.equal(job.artifacts.when, 'always');
  for (const path of job.artifacts.paths) assert.ok(existsSync(join(dir, path, 'conformance-summary.html')), path);
  assert.match(readFileSync(join(dir, job.artifacts.reports.junit), 'utf8'), /<testsuite /);
});
