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

// The files that take minutes, longest first: node runs files in the order given, two at a time,
// and one of these started last would leave the other core idle while it runs alone.
const LONGEST_FIRST = [
  'test/self-check/broken-variants.test.ts',
  'test/independent-server/random-faithful.test.ts',
  'test/independent-server/independent-server.test.ts',
  'test/independent-server/fuzz-independent.test.ts',
  'test/independent-server/faithful-profiles.test.ts',
  'test/packages/packed-packages.test.ts',
  'src/target/conformance/run-conformance.parallel.test.ts',
  'test/connection/token-command.test.ts',
  'test/docs/doc-examples.test.ts',
  'src/cli/commands/conformance.exit-codes.test.ts',
  'test/independent-server/fuzz-baseline-cli.test.ts',
  'test/independent-server/fuzz-concurrency.test.ts',
];
const rank = (file) => {
  const at = LONGEST_FIRST.findIndex((long) => file.replaceAll('\\', '/').endsWith(long));
  return at === -1 ? LONGEST_FIRST.length : at;
};

const files = roots
  .filter((root) => existsSync(root))
  .flatMap((root) => walk(root, []))
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));

const stale = filters.length === 0 ? LONGEST_FIRST.filter((long) => !files.some((file) => rank(file) === LONGEST_FIRST.indexOf(long))) : [];
if (stale.length > 0) {
  console.error(`run-unit-tests: LONGEST_FIRST names no test file: ${stale.join(', ')}`);
  process.exit(1);
}
if (files.length === 0) {
  console.error('run-unit-tests: no test files found');
  process.exit(1);
}
const reporter = process.env.TEST_REPORTER ?? 'spec';
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-reporter=${reporter}`, '--test-concurrency=2', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
