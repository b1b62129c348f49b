import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUTO_WORKERS_PER_CPU, autoWorkers } from './target-distance.js';

test('--parallel auto: a worker per connection of the cap, at most three per processor, at least one', () => {
  assert.equal(AUTO_WORKERS_PER_CPU, 3);
  assert.equal(autoWorkers(6, 2), 6, 'the default cap on two processors');
  assert.equal(autoWorkers(100, 2), 6, 'a wide cap does not start a hundred processes on two processors');
  assert.equal(autoWorkers(100, 8), 24);
  assert.equal(autoWorkers(4, 8), 4, 'never more workers than connections');
  assert.equal(autoWorkers(6, 1), 3);
  assert.equal(autoWorkers(1, 0), 1, 'a machine that reports no processor still gets one worker');
});
