#!/usr/bin/env node
// npm run mutation [-- --incremental | --mutate <glob> …]: Stryker mutates the reference core and
// runs every conformance scenario against each mutant (stryker.config.json, cucumber profile
// `stryker`), then prints one summary line and writes reports/mutation/summary.txt.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { summariseMutationReport } from './mutation-summary.mjs';

// The package's exports map hides bin/, so its folder is found through package.json.
const require = createRequire(import.meta.url);
const stryker = join(dirname(require.resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js');
const started = Date.now();
const run = spawnSync(process.execPath, [stryker, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const report = 'reports/mutation/mutation.json';
if (!existsSync(report)) {
  console.error('mutation: Stryker wrote no report');
  process.exit(run.status ?? 1);
}
const summary = summariseMutationReport(JSON.parse(readFileSync(report, 'utf8')));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const line = `mutation: ${summary.killed} killed, ${summary.survived} survived, ${summary.noCoverage} no coverage, ${summary.timeout} timeout, ${summary.errors} errors — score ${summary.score.toFixed(1)} % (${minutes} min)`;
mkdirSync('reports/mutation', { recursive: true });
writeFileSync('reports/mutation/summary.txt', `${line}\n`);
console.log(line);
process.exit(run.status ?? 1);
