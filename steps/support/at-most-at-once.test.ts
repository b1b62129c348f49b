import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { atMostAtOnce } from './at-most-at-once.js';

test('runs every item once, in order of start, never more than the limit at once', async () => {
  const started: number[] = [];
  let running = 0;
  let most = 0;
  await atMostAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
    started.push(n);
    running++;
    most = Math.max(most, running);
    await sleep(n % 2 === 0 ? 5 : 1);
    running--;
  });
  assert.deepEqual(started, [1, 2, 3, 4, 5, 6, 7]);
  assert.equal(most, 3);
});

test('a limit of 1 runs them one after the other; no items, nothing runs', async () => {
  const log: string[] = [];
  await atMostAtOnce(['a', 'b'], 1, async (item) => {
    log.push(`start ${item}`);
    await sleep(1);
    log.push(`end ${item}`);
  });
  assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b']);
  await atMostAtOnce([], 4, async () => assert.fail('no item'));
});
