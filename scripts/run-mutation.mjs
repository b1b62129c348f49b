#!/usr/bin/env node
// npm run mutation [-- --incremental | --mutate <glob> …]: Stryker mutates the reference core and
// runs every conformance scenario against each mutant (stryker.config.json, cucumber profile
// `stryker`), then prints one summary line and writes reports/mutation/summary.txt.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { keptHistory, readPreviousSurvivors, renderSurvivors } from './list-survivors.mjs';
import { readFilesLeftOutOfMutation, summariseMutationReport, STRYKER_BIN } from './mutation-report.mjs';

const started = Date.now();
const run = spawnSync(process.execPath, [STRYKER_BIN, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
const report = 'reports/mutation/mutation.json';
if (!existsSync(report)) {
  console.error('mutation: Stryker wrote no report');
  process.exit(run.status ?? 1);
}
const parsed = JSON.parse(readFileSync(report, 'utf8'));
const summary = summariseMutationReport(parsed);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const line = `mutation: ${summary.killed} killed, ${summary.survived} survived, ${summary.noCoverage} no coverage, ${summary.timeout} timeout, ${summary.ignored} ignored, ${summary.errors} errors — score ${summary.score.toFixed(1)} % (${minutes} min)`;
mkdirSync('reports/mutation', { recursive: true });
writeFileSync('reports/mutation/summary.txt', `${line}\n`);
console.log(line);
// A run over part of the core (--mutate) would list only that part: SURVIVORS.md stays as it is.
if (!process.argv.slice(2).some((arg) => arg === '--mutate' || arg.startsWith('--mutate=') || arg === '-m')) {
  const survivorsPath = 'docs/mutation/SURVIVORS.md';
  const history = keptHistory(readPreviousSurvivors(survivorsPath));
  writeFileSync(survivorsPath, renderSurvivors(parsed, new Date().toISOString().slice(0, 10), readFilesLeftOutOfMutation(), history));
  console.log('mutation: docs/mutation/SURVIVORS.md lists every mutant left alive, with its reason');
}
process.exit(run.status ?? 1);
