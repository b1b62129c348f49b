import assert from 'node:assert/strict';
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findDataFlagProblem } from './serve-flags.js';

const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-data-flags-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('--watch with a --seed file that is also the --data file is refused, under any of its names', () => {
  const file = join(dir, 'db.json');
  writeFileSync(file, '{}');
  linkSync(file, join(dir, 'other-name.json'));
  const problem = /--watch reloads the --seed file, which is also the --data file/;
  assert.match(findDataFlagProblem({ data: file, seed: file, watch: true }) ?? '', problem);
  assert.match(findDataFlagProblem({ data: `${dir}/./db.json`, seed: file, watch: true }) ?? '', problem);
  assert.match(findDataFlagProblem({ data: join(dir, 'other-name.json'), seed: file, watch: true }) ?? '', problem);
});

test('the other combinations are accepted', () => {
  const seed = join(dir, 'seed.json');
  writeFileSync(seed, '{}');
  assert.equal(findDataFlagProblem({ data: join(dir, 'db.json'), seed, watch: true }), undefined);
  assert.equal(findDataFlagProblem({ data: seed, seed, watch: false }), undefined);
  assert.equal(findDataFlagProblem({ data: join(dir, 'absent.json'), seed, watch: true }), undefined);
  assert.equal(findDataFlagProblem({ data: undefined, seed, watch: true }), undefined);
});
