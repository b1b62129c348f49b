// Every install line of the docs, run as written (npm run test:packages; npm test only checks
// that no page installs a package by its registry name): README's pack line in this clone, then
// each page's lines in an empty project beside a `mgmt-kit` folder holding what that line made
// (packed/). Each project is then installed once more by `npm ci` alone, from what the lines wrote
// (package.json with file: paths, the lock file, vendor/), as a CI job does, and used from there.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCodeBlocks } from '../../scripts/docs/markdown-parts.js';
import { listDocFiles } from '../../scripts/docs/doc-files.js';
import { cleanEnv, REPO, run, runModule } from './consumer-project.js';

const INSTALLS = process.env['MGMT_KIT_PACKED_INSTALLS'] === '1';
const SLOW = { timeout: 45 * 60_000, skip: INSTALLS ? false : 'installs run in npm run test:packages (.ci/run runs it)' };
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const KIT_PACKAGES = ['mgmt-kit', '@mgmt-kit/client', '@mgmt-kit/mock'];

interface InstallLine {
  page: string;
  /** `<!-- example: NAME -->` above the block on the page. */
  marker: string;
  /** Where the block starts: the project, or the clone beside it (the block then cd's into the project). */
  from: 'project' | 'clone';
  /** vendor/ filled before the block (the block's page says it follows README's Install). */
  vendored: boolean;
  /** What the project installed, as its package.json names each. */
  installs: string[];
  /** `npm i -g`: installed into a prefix of the test's own (npm_config_prefix), its bin run; no npm ci. */
  global?: boolean;
  /** Run in the project after the install and after npm ci; prints what `prints` says. */
  check: string;
  prints: string;
}

const LINES: InstallLine[] = [
  {
    page: 'README.md',
    marker: '<!-- example: readme-install -->',
    from: 'project',
    vendored: false,
    installs: KIT_PACKAGES,
    check: "import { execFileSync } from 'node:child_process';\nprocess.stdout.write(execFileSync('npx', ['mgmt-kit', '--version'], { encoding: 'utf8' }));\n",
    prints: VERSION,
  },
  {
    page: 'docs/conformance-in-ci.md',
    marker: '<!-- example: conformance-in-ci-install -->',
    from: 'project',
    vendored: true,
    installs: KIT_PACKAGES,
    check:
      "import { execFileSync } from 'node:child_process';\nconst help = execFileSync('npx', ['mgmt-kit', 'conformance', '--help'], { encoding: 'utf8' });\nconsole.log(help.includes('--baseline <FILE>'));\n",
    prints: 'true',
  },
  {
    page: 'docs/playwright.md',
    marker: '<!-- example: playwright-install -->',
    from: 'project',
    vendored: true,
    installs: [...KIT_PACKAGES, '@playwright/test'],
    check: "const { test, expect } = await import('mgmt-kit/playwright');\nconsole.log(typeof test.extend, typeof expect.extend);\n",
    prints: 'function function',
  },
  {
    page: 'docs/msw.md',
    marker: '<!-- example: msw-install -->',
    from: 'project',
    vendored: true,
    installs: ['@mgmt-kit/mock', 'msw'],
    check: "const { createHandlers } = await import('@mgmt-kit/mock');\nconsole.log(typeof createHandlers);\n",
    prints: 'function',
  },
  {
    page: 'docs/packages.md',
    marker: '<!-- example: packages-install -->',
    from: 'clone',
    vendored: false,
    installs: ['@mgmt-kit/client'],
    check: "const { createClient } = await import('@mgmt-kit/client');\nconsole.log(typeof createClient);\n",
    prints: 'function',
  },
  {
    page: 'README.md',
    marker: '<!-- example: readme-global -->',
    from: 'project',
    vendored: false,
    installs: [],
    global: true,
    check: '',
    prints: VERSION,
  },
];

/** The `sh` block a page marks with `marker` (`<!-- example: NAME -->`). */
function exampleBlock(page: string, marker: string): string {
  const name = /<!-- example: ([\w-]+) -->/.exec(marker)?.[1];
  const block = readCodeBlocks(readFileSync(join(REPO, page), 'utf8')).find((b) => b.marker?.kind === 'example' && b.marker.value === name);
  assert.ok(block && block.language === 'sh', `${page} has an sh block marked ${marker}`);
  return block.code;
}

/** Runs a shell block as written in `cwd`; throws with its output unless it exits 0. */
function runBlock(code: string, cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', code], { cwd, env: cleanEnv(env), encoding: 'utf8', timeout: 600_000 });
  assert.equal(result.status, 0, `in ${cwd}:\n${code}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('no page installs a package of the kit by its registry name (they are not on it)', () => {
  const byName = /\bnpm (?:i|install)\b[^`\n|]*?\s(mgmt-kit|@mgmt-kit\/[\w-]+)(?=[\s`),;|]|$)/;
  it('README.md, docs/**, CONTRIBUTING.md and the CI recipes (the CHANGELOG keeps its history)', () => {
    const files = [...listDocFiles(REPO).filter((file) => file !== 'CHANGELOG.md'), 'examples/ci/github-actions.yml', 'examples/ci/gitlab-ci.yml'];
    const found = files.flatMap((file) =>
      readFileSync(join(REPO, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (byName.test(line) && !line.includes('E404') ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    assert.ok(files.includes('README.md') && files.includes('docs/playwright.md'), files.join(' '));
    assert.deepEqual(found, []);
  });
});

describe('every install line of the docs, as written, then npm ci', SLOW, () => {
  const work = mkdtempSync(join(tmpdir(), 'mgmt-kit-install-lines-'));
  const clone = join(work, 'mgmt-kit');
  const project = join(work, 'my-app');
  let tarballs: string[] = [];
  before(() => {
    // README.md's pack line, in this clone as written; the folder beside the projects holds what it made.
    runBlock(exampleBlock('README.md', '<!-- example: readme-pack -->'), REPO);
    tarballs = readdirSync(join(REPO, 'packed')).filter((file) => file.endsWith('.tgz'));
    assert.deepEqual(tarballs.sort(), [`mgmt-kit-${VERSION}.tgz`, `mgmt-kit-client-${VERSION}.tgz`, `mgmt-kit-mock-${VERSION}.tgz`]);
    mkdirSync(join(clone, 'packed'), { recursive: true });
    for (const file of tarballs) copyFileSync(join(REPO, 'packed', file), join(clone, 'packed', file));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const line of LINES.filter((l) => l.global)) {
    it(`${line.page} ${line.marker}: a global install of the three tarballs runs plain mgmt-kit`, () => {
      const prefix = join(work, 'global');
      mkdirSync(project, { recursive: true });
      runBlock(exampleBlock(line.page, line.marker), project, { npm_config_prefix: prefix });
      assert.equal(run(join(prefix, 'bin', 'mgmt-kit'), ['--version'], project).trim(), line.prints);
      assert.match(run(join(prefix, 'bin', 'mgmt-kit'), ['token', '--secret', 's'], project), /^eyJ/);
    });
  }
  for (const line of LINES.filter((l) => !l.global)) {
    it(`${line.page} ${line.marker}: installs ${line.installs.join(', ')} from vendor/, and npm ci installs them again from what it wrote`, () => {
      rmSync(project, { recursive: true, force: true });
      mkdirSync(project);
      // An empty project, as `npm init -y` and `git init` leave it.
      writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-app', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
      run('git', ['init', '-q'], project);
      if (line.vendored) {
        mkdirSync(join(project, 'vendor'));
        for (const file of tarballs) copyFileSync(join(clone, 'packed', file), join(project, 'vendor', file));
      }
      const started = Date.now();
      runBlock(exampleBlock(line.page, line.marker), line.from === 'clone' ? clone : project);
      const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      const listed = { ...manifest['dependencies'], ...manifest['devDependencies'] };
      assert.deepEqual(Object.keys(listed).sort(), [...line.installs].sort());
      for (const name of line.installs.filter((n) => KIT_PACKAGES.includes(n))) {
        const file = `${name === 'mgmt-kit' ? 'mgmt-kit' : name.replace('@mgmt-kit/', 'mgmt-kit-')}-${VERSION}.tgz`;
        assert.equal(listed[name], `file:vendor/${file}`, `${name} in package.json`);
      }
      assert.equal(runModule(project, 'check.mjs', line.check), line.prints);
      // CI: a fresh checkout has vendor/, package.json and the lock file, no node_modules.
      rmSync(join(project, 'node_modules'), { recursive: true, force: true });
      run('npm', ['ci', '--no-audit', '--no-fund'], project, 600_000);
      assert.equal(runModule(project, 'check.mjs', line.check), line.prints);
      console.log(`# ${line.page} ${line.marker}: installed, then npm ci, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });
  }
});
