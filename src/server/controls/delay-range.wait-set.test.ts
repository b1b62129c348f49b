import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createWaitSet } from './delay-range.js';

test('wait resolves after the time; cancelAll drops pending timers', async () => {
  const set = createWaitSet();
  const started = performance.now();
  await set.wait(30);
  assert.ok(performance.now() - started >= 29);
  let resolved = false;
  void set.wait(50).then(() => (resolved = true));
  set.cancelAll();
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(resolved, false, 'a cancelled wait never resolves');
});
