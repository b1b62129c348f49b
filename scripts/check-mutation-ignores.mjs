#!/usr/bin/env node
// npm run mutation:check-ignores — proves that ignoring hides no detection. Needs the report of a
// full `npm run mutation` of this tree. Copies the tree to a temporary folder, removes every
// `// Stryker disable …` comment from the mutated files, turns the refusal-wording ignorer off,
// runs Stryker there (as long as a full run) and compares: every mutant the usual run ignored
// must have survived (or gone uncovered) when tested. Writes reports/mutation/ignores-check.txt
// (the verdict) and ignores-check.json (the report of the run without ignores).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareIgnoredMutants, stripDisableComments } from './compare-ignored-mutants.mjs';
import { STRYKER_BIN } from './stryker-bin.mjs';

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

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}
for (const file of walk(join(copy, 'src/reference-server/core'))) writeFileSync(file, stripDisableComments(readFileSync(file, 'utf8')).text);

const config = JSON.parse(readFileSync(join(copy, 'stryker.config.json'), 'utf8'));
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
const statuses = Object.entries(result.byStatus).map(([status, n]) => `${n} ${status}`).join(', ');
const lines = [
  `check-ignores: ${result.checked} ignored mutants tested without their ignore: ${statuses}; ${result.hidden.length} detected (hidden by an ignore), ${result.missing} not found (${((Date.now() - started) / 60_000).toFixed(1)} min)`,
  ...result.hidden.map((h) => `  hidden: ${h.file}:${h.line} ${h.mutator} → ${h.replacement} (${h.reason})`),
];
writeFileSync(join(root, 'reports/mutation/ignores-check.txt'), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
rmSync(copy, { recursive: true, force: true });
process.exit(result.hidden.length > 0 || result.missing > 0 ? 1 : 0);
