import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopWhenOrphaned } from './stop-when-orphaned.js';

const cases: Array<[string, { env: NodeJS.ProcessEnv; parents: number[]; stops: number }]> = [
  ['under npm, a parent that goes away stops the process once', { env: { npm_lifecycle_event: 'npx' }, parents: [10, 10, 1, 1, 1], stops: 1 }],
  ['under npm, a parent that stays does not', { env: { npm_lifecycle_event: 'start' }, parents: [10, 10, 10, 10], stops: 0 }],
  ['outside npm the parent is not watched (nohup … &)', { env: {}, parents: [10, 1, 1, 1], stops: 0 }],
];

for (const [name, { env, parents, stops }] of cases) {
  test(`stopWhenOrphaned: ${name}`, async () => {
    let reads = 0;
    let stopped = 0;
    const readParentPid = () => parents[Math.min(reads++, parents.length - 1)]!;
    const unwatch = stopWhenOrphaned({ env, intervalMs: 5, readParentPid, stop: () => (stopped += 1) });
    // Under npm: until it stopped or read every scripted parent twice over (at most 5 s; a busy
    // machine delays the timer), then a little longer, so that a second stop would show.
    const watched = env['npm_lifecycle_event'] !== undefined;
    const deadline = Date.now() + 5_000;
    while (watched && stopped === 0 && reads < parents.length * 2 && Date.now() < deadline) await sleep(5);
    await sleep(50);
    unwatch();
    assert.equal(stopped, stops);
  });
}
