import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createReferenceCore } from '../../server/index.js';
import { watchSeedFile } from './watch-seed-file.js';

const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-watch-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`no ${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('--watch: a changed seed file resets the state to it; an invalid one is reported and changes nothing', async () => {
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify({ event: [{ id: 'e1', kind: 'a' }] }));
  const core = createReferenceCore({ seed: { event: [{ id: 'e1', kind: 'a' }] } });
  const lines: string[] = [];
  const watch = watchSeedFile(file, core, (line) => lines.push(line), 30);
  try {
    await core.handle({ method: 'DELETE', path: '/event', headers: {} });
    writeFileSync(
      file,
      JSON.stringify({
        event: [
          { id: 'e2', kind: 'b' },
          { id: 'e3', kind: 'c' },
        ],
      }),
    );
    await until(() => lines.length === 1, 'reload line');
    assert.match(lines[0]!, /reloaded \(2 records\)/);
    assert.deepEqual(
      core.state().event.map((r) => r.id),
      ['e2', 'e3'],
    );
    core.reset();
    assert.deepEqual(
      core.state().event.map((r) => r.id),
      ['e2', 'e3'],
      'the new file is the seed of later resets',
    );

    writeFileSync(file, '{"event": [');
    await until(() => lines.length === 2, 'invalid JSON line');
    assert.match(lines[1]!, /not valid JSON[\s\S]*the state is kept/);
    writeFileSync(file, JSON.stringify({ 'network-link-type': [{ id: 'mesh' }] }));
    await until(() => lines.length === 3, 'invalid record line');
    assert.match(lines[2]!, /network-link-type\[0\]: \{"name":"required"\}[\s\S]*the state is kept/);
    assert.deepEqual(
      core.state().event.map((r) => r.id),
      ['e2', 'e3'],
    );

    // An editor that saves by writing a new file and renaming it over the old one.
    const temp = join(dir, 'seed.json.tmp');
    writeFileSync(temp, JSON.stringify({ event: [{ id: 'e4', kind: 'd' }] }));
    renameSync(temp, file);
    await until(() => lines.length === 4, 'reload after rename');
    assert.deepEqual(
      core.state().event.map((r) => r.id),
      ['e4'],
    );
  } finally {
    watch.close();
  }
});

test('after close() a change is no longer picked up', async () => {
  const file = join(dir, 'closed.json');
  writeFileSync(file, JSON.stringify({ event: [] }));
  const core = createReferenceCore();
  const lines: string[] = [];
  watchSeedFile(file, core, (line) => lines.push(line), 30).close();
  writeFileSync(file, JSON.stringify({ event: [{ id: 'e1', kind: 'a' }] }));
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(lines, []);
  assert.equal(core.state().event.length, 0);
});
