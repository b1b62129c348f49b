// Runs the fixture's Playwright tests (mgmt-kit/playwright) with @playwright/test itself, two
// workers, the npm-shipped Chromium: the worker-isolation tests prove that two workers running
// side by side each have their own server, state, fault rules and journal. Prints the run time.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

interface JsonReport {
  suites: JsonSuite[];
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}
interface JsonSuite {
  title: string;
  specs?: Array<{ title: string; tests: Array<{ results: Array<{ status: string; workerIndex: number }> }> }>;
  suites?: JsonSuite[];
}

const specsOf = (suite: JsonSuite): NonNullable<JsonSuite['specs']> => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];

test('the Playwright fixture: two workers, each with its own reference server', { timeout: 240_000 }, async () => {
  const sync = mkdtempSync(join(tmpdir(), 'mgmt-kit-playwright-'));
  const reportFile = join(sync, 'report.json');
  try {
    const started = Date.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, 'test', '-c', 'test/playwright/playwright.config.ts', '--workers', '2', '--reporter', 'list,json'], {
        cwd: ROOT,
        env: { ...process.env, MGMT_KIT_PLAYWRIGHT_SYNC: sync, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, FORCE_COLOR: '0', CI: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, output: text }));
    });
    const seconds = (Date.now() - started) / 1000;
    assert.equal(code, 0, output);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
    const specs = report.suites.flatMap(specsOf);
    const results = new Map(specs.map((spec) => [spec.title, spec.tests[0]?.results[0]]));
    assert.deepEqual([report.stats.unexpected, report.stats.skipped, report.stats.flaky], [0, 0, 0], output);
    assert.equal(report.stats.expected, 7, output);
    const alpha = results.get('alpha sees only its own state, faults and journal');
    const beta = results.get('beta sees only its own state, faults and journal');
    assert.ok(alpha && beta, `both isolation tests ran: ${[...results.keys()].join(', ')}`);
    assert.deepEqual([alpha.status, beta.status], ['passed', 'passed']);
    assert.notEqual(alpha.workerIndex, beta.workerIndex, 'the two isolation tests ran in different workers');
    console.log(
      `# playwright fixture: ${report.stats.expected} tests passed with 2 workers in ${seconds.toFixed(1)} s (playwright test, Chromium from @sparticuz/chromium)`,
    );
  } finally {
    rmSync(sync, { recursive: true, force: true });
  }
});
