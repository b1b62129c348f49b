#!/usr/bin/env node
// npm run mutation:check-ignores — proves that neither an ignore nor a file left out of `mutate`
// hides a detection. Needs the report of a full `npm run mutation` of this tree. Copies the tree to
// a temporary folder, removes every `// Stryker disable …` comment from the core, turns the
// refusal-wording ignorer off, mutates the whole core there (the files stryker.config.json leaves
// out included), runs Stryker (as long as a full run) and compares: every mutant the usual run
// ignored, and every mutant of a left-out file, must have survived (or gone uncovered, or stopped
// the server from starting, which Stryker counts as an error) when tested. Writes
// reports/mutation/ignores-check.txt (the verdict) and ignores-check.json (the report of the run
// without ignores).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareExcludedFiles, compareIgnoredMutants, stripDisableComments } from './compare-ignored-mutants.mjs';
import { filesLeftOutOfMutation, STRYKER_BIN } from './mutation-report.mjs';

const root = process.cwd();
const reportPath = join(root, 'reports/mutation/mutation.json');
if (!existsSync(reportPath)) {
  console.error('check-ignores: no reports/mutation/mutation.json — run `npm run mutation` first (a full run, not --mutate)');
  process.exit(2);
}
const ignoredRun = JSON.parse(readFileSync(reportPath, 'utf8'));

const copy = mkdtempSync(join(tmpdir(), 'mgmt-kit-ignores-'));
const skip = new Set(['node_modules', '.git', 'reports', '.stryker-tmp', 'dist']);
for (const name of readdirSync(root)) if (!skip.has(name)) cpSync(join(root, name), join(copy, name), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');

for (const dir of ['src/server/core', 'src/contract/tokens']) {
  for (const name of readdirSync(join(copy, dir), { recursive: true, encoding: 'utf8' })) {
    const file = join(copy, dir, name);
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) writeFileSync(file, stripDisableComments(readFileSync(file, 'utf8')).text);
  }
}

const config = JSON.parse(readFileSync(join(copy, 'stryker.config.json'), 'utf8'));
const leftOut = filesLeftOutOfMutation(config);
config.mutate = config.mutate.filter((pattern) => !leftOut.includes(pattern.slice(1)));
config.plugins = config.plugins.filter((plugin) => !plugin.includes('ignorer'));
config.ignorers = [];
config.reporters = ['json', 'progress'];
config.jsonReporter = { fileName: 'reports/mutation/mutation.json' };
config.incremental = false;
writeFileSync(join(copy, 'stryker.config.json'), JSON.stringify(config, null, 2));

const started = Date.now();
console.log(`check-ignores: testing every mutant, ignores removed, in ${copy}`);
const run = spawnSync(process.execPath, [STRYKER_BIN, 'run'], { cwd: copy, stdio: 'inherit' });
const fullPath = join(copy, 'reports/mutation/mutation.json');
if (!existsSync(fullPath)) {
  console.error('check-ignores: the run without ignores wrote no report');
  process.exit(run.status ?? 1);
}
const fullRun = JSON.parse(readFileSync(fullPath, 'utf8'));
mkdirSync(join(root, 'reports/mutation'), { recursive: true });
// Kept for a look at any mutant the comparison names.
writeFileSync(join(root, 'reports/mutation/ignores-check.json'), JSON.stringify(fullRun));
const result = compareIgnoredMutants(ignoredRun, fullRun);
const excluded = compareExcludedFiles(ignoredRun, fullRun);
const notInUsualRun = excluded.files.filter((file) => !leftOut.includes(file));
if (notInUsualRun.length > 0) {
  console.error(`check-ignores: the usual report lacks ${notInUsualRun.join(', ')}: run a full \`npm run mutation\` (not --mutate) of this tree first`);
  process.exit(2);
}
// A left-out pattern that names no file of the full run was not tested (a typo, or a file moved).
const untested = leftOut.filter((pattern) => !excluded.files.includes(pattern));
const statusList = (byStatus) =>
  Object.entries(byStatus)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
const hiddenLine = (h, by) => `  hidden by ${by}: ${h.file}:${h.line} ${h.mutator} → ${h.replacement} (${h.reason})`;
const lines = [
  `check-ignores: ${result.checked} ignored mutants tested without their ignore: ${statusList(result.byStatus)}; ${result.hidden.length} detected (hidden by an ignore), ${result.missing} not found; ` +
    `${excluded.checked} mutants of the ${excluded.files.length} files not mutated tested: ${statusList(excluded.byStatus)}; ${excluded.hidden.length} detected (hidden by an exclusion), ${untested.length} not tested (${((Date.now() - started) / 60_000).toFixed(1)} min)`,
  ...result.hidden.map((h) => hiddenLine(h, 'an ignore')),
  ...excluded.hidden.map((h) => hiddenLine(h, 'an exclusion')),
  ...untested.map((pattern) => `  not tested: ${pattern} (left out of mutate, but no such file in the run)`),
];
writeFileSync(join(root, 'reports/mutation/ignores-check.txt'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
rmSync(copy, { recursive: true, force: true });
const failed = result.hidden.length > 0 || result.missing > 0 || excluded.hidden.length > 0 || untested.length > 0;
process.exit(failed ? 1 : 0);
