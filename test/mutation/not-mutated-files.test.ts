// The files stryker.config.json leaves out of `mutate` are the ones the mutation guide's (docs/mutation/README.md) table
// gives a reason for, and each of them exists: a file left out without a stated reason, or a
// reason left behind for a file that is mutated again, fails here.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { readFilesLeftOutOfMutation } from '../../scripts/mutation-report.mjs';

const CORE = 'src/server/core/';
/** The token room (src/contract/tokens/) is mutated with the core; the guide names its files `tokens/…`. */
const TOKENS = 'src/contract/tokens/';

/** A left-out file as the guide's table names it: relative to the core, or `tokens/…`. */
function guideName(file: string): string {
  if (file.startsWith(CORE)) return file.slice(CORE.length);
  assert.ok(file.startsWith(TOKENS), `${file}: only files of the core and of src/contract/tokens/ are left out`);
  return `tokens/${file.slice(TOKENS.length)}`;
}
const TABLE_HEADING = '**What is not mutated, and why.**';

/** The files `mutate` leaves out, as the guide names them. */
function leftOutOfMutate(): string[] {
  return readFilesLeftOutOfMutation().map(guideName).sort();
}

/** The files named in the first column of the mutation guide's table that follows the heading. */
function filesTheReadmeExplains(): string[] {
  const readme = readFileSync('docs/mutation/README.md', 'utf8');
  const start = readme.indexOf(TABLE_HEADING);
  assert.ok(start >= 0, `docs/mutation/README.md has no paragraph ${TABLE_HEADING}`);
  const lines = readme.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows = lines
    .slice(
      first,
      lines.findIndex((line, i) => i > first && !line.startsWith('|')),
    )
    .slice(2);
  return rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([^`]+\.ts)`/g)].map((m) => m[1]!)).sort();
}

test('every file left out of mutation has its reason in the mutation guide, and every file the guide names is left out', () => {
  assert.deepEqual(filesTheReadmeExplains(), leftOutOfMutate());
});

test('every file left out of mutation exists', () => {
  for (const file of readFilesLeftOutOfMutation()) assert.ok(existsSync(file), `${file} does not exist`);
});
