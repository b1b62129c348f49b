import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { temporaryPathFor, writeFileAtomically } from './data-file.js';

const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-atomic-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('creates the file, then replaces it whole by renaming a temporary file beside it; nothing else is left', async () => {
  const file = join(dir, 'state.json');
  await writeFileAtomically(file, '{"a":1}');
  assert.equal(readFileSync(file, 'utf8'), '{"a":1}');
  await writeFileAtomically(file, '{"b":2}');
  assert.equal(readFileSync(file, 'utf8'), '{"b":2}', 'a shorter text leaves no tail of the longer one');
  assert.equal(existsSync(temporaryPathFor(file)), false);
  assert.deepEqual(readdirSync(dir), ['state.json']);
});

test('a stale temporary file (a write cut short by kill -9) is overwritten by the next write', async () => {
  const file = join(dir, 'stale.json');
  writeFileSync(file, 'old complete state');
  writeFileSync(temporaryPathFor(file), 'half a wri');
  await writeFileAtomically(file, 'new state');
  assert.equal(readFileSync(file, 'utf8'), 'new state');
  assert.equal(existsSync(temporaryPathFor(file)), false);
});

test('a write that cannot be completed rejects, leaves the file as it was and removes the temporary file', async () => {
  // The rename fails: the target is a non-empty directory.
  const target = join(dir, 'occupied');
  mkdirSync(target);
  writeFileSync(join(target, 'inside.txt'), 'kept');
  await assert.rejects(writeFileAtomically(target, 'state'), (error: NodeJS.ErrnoException) => typeof error.code === 'string');
  assert.equal(readFileSync(join(target, 'inside.txt'), 'utf8'), 'kept');
  assert.equal(existsSync(temporaryPathFor(target)), false);
  // The temporary file cannot even be opened: its directory is missing.
  await assert.rejects(writeFileAtomically(join(dir, 'missing', 'state.json'), 'state'), { code: 'ENOENT' });
});
