#!/usr/bin/env node
// Runs every *.test.ts beside the code (src/, steps/, scripts/, test/) with node's test runner
// under tsx. Node 20's `--test` does not expand globs, so the files are listed here.
// Usage: node scripts/run-unit-tests.mjs [substring filter …]
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = ['src', 'steps', 'scripts', 'test'];
const filters = process.argv.slice(2);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const files = roots
  .filter((root) => existsSync(root))
  .flatMap((root) => walk(root, []))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();

if (files.length === 0) {
  console.error('run-unit-tests: no test files found');
  process.exit(1);
}
const reporter = process.env.TEST_REPORTER ?? 'spec';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
