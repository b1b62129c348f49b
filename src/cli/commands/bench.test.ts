// `npm run bench -- --quick`: CI checks that the benchmark runs and writes its files.
// No figure is asserted: the machine decides those, and the benchmark only reports them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { BenchReport } from '../../server/bench/bench-report.js';

const BIN = new URL('../../../bin/mgmt-kit.js', import.meta.url).pathname;

function runBench(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'bench', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, output }));
  });
}

test('mgmt-kit bench --quick measures every target and writes bench.md, bench.json and bench.svg', { timeout: 240_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const run = await runBench(['--quick', '--report-dir', dir]);
  assert.equal(run.code, 0, run.output);
  for (const file of ['bench.md', 'bench.json', 'bench.svg']) assert.ok(existsSync(join(dir, file)), file);
  const report = JSON.parse(readFileSync(join(dir, 'bench.json'), 'utf8')) as BenchReport;
  const targets = new Set(report.throughput.map((r) => `${r.target} · ${r.operation}`));
  for (const op of ['GET by id', 'GET all (100)', 'GET where kind (10,000)', 'PUT by id', 'POST unique ids', 'DELETE by id']) {
    assert.ok(targets.has(`reference · ${op}`), op);
  }
  for (const target of ['ceiling · GET by id', 'core in-process · GET by id', 'Prism mock · GET by id']) assert.ok(targets.has(target), target);
  for (const row of report.throughput) {
    assert.ok(row.figure.requests > 0, `${row.target} ${row.operation} answered`);
    assert.equal(row.figure.unexpected, 0, `${row.target} ${row.operation}: every answer had the expected status (${JSON.stringify(row.figure.statuses)})`);
  }
  assert.equal(report.memory?.events, 10_000);
  assert.ok(report.latency.length >= 2);
  assert.match(readFileSync(join(dir, 'bench.svg'), 'utf8'), /^<svg /);
  assert.match(run.output, /## Goals/, 'the table is printed');
});

test('mgmt-kit bench refuses an unknown flag with exit 2', async () => {
  const run = await runBench(['--bogus']);
  assert.equal(run.code, 2);
  assert.match(run.output, /unknown option '--bogus'/);
});
