import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequestPacer } from './run-coordinator.js';

test('createRequestPacer: slots evenly spaced at the rate, in the order asked; none after until', async () => {
  const pacer = createRequestPacer(20);
  const started = Date.now();
  const times: number[] = [];
  await Promise.all(Array.from({ length: 6 }, () => pacer.slot().then(() => times.push(Date.now() - started))));
  // Six slots at 20/s: the last 250 ms after the first.
  assert.ok(times.at(-1)! >= 240 && times.at(-1)! < 1000, `${times.join(', ')} ms`);
  assert.deepEqual(
    [...times].sort((a, b) => a - b),
    times,
    'in order',
  );
  assert.equal(await pacer.slot(Date.now() - 1), false, 'a slot after until is refused, not taken');
});
