import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStateFileWriter, type StateFileWriterOptions } from './data-file.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A writer over an in-memory "file": every write is recorded; a write can be held open or made to fail. */
function harness(over: Partial<StateFileWriterOptions> = {}) {
  let state = 0;
  const written: string[] = [];
  const errors: Error[] = [];
  const startedAt: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let hold: Promise<void> | undefined;
  let failNext: Error | undefined;
  const writer = createStateFileWriter({
    file: 'state.json',
    serialize: () => `state ${state}`,
    delayMs: 20,
    onError: (error) => errors.push(error),
    async write(_file, text) {
      startedAt.push(performance.now());
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await hold;
        if (failNext) {
          const error = failNext;
          failNext = undefined;
          throw error;
        }
        written.push(text);
      } finally {
        inFlight -= 1;
      }
    },
    ...over,
  });
  return {
    writer,
    written,
    errors,
    maxInFlight: () => maxInFlight,
    startedAt,
    async untilWriting(): Promise<void> {
      while (inFlight === 0) await sleep(2);
    },
    change(times = 1) {
      for (let i = 0; i < times; i += 1) {
        state += 1;
        writer.changed();
      }
    },
    holdWrites(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
    failNextWrite(error: Error) {
      failNext = error;
    },
  };
}

test('a burst of 1 000 changes is one write, of the state after the last change, once the delay has passed', async () => {
  const h = harness();
  h.change(1000);
  assert.deepEqual(h.written, [], 'nothing is written during the delay');
  await sleep(80);
  assert.deepEqual(h.written, ['state 1000']);
  assert.equal(h.writer.writes(), 1);
});

test('changes spread over time are written at most once per delay, never two writes at once', async () => {
  const h = harness({ delayMs: 30 });
  for (let i = 0; i < 20; i += 1) {
    h.change();
    await sleep(5);
  }
  await h.writer.flush();
  assert.ok(h.written.length < 20, `${h.written.length} writes for 20 changes`);
  assert.equal(h.written.at(-1), 'state 20');
  // Each write on the timer starts a delay after the one before ended (the last one is the flush's).
  const gaps = h.startedAt.slice(1, -1).map((t, i) => t - h.startedAt[i]!);
  assert.ok(
    gaps.every((gap) => gap >= 29),
    `gaps between writes: ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`,
  );
  assert.equal(h.maxInFlight(), 1);
});

test('a change during a write is written after it, not lost', async () => {
  const h = harness();
  const release = h.holdWrites();
  h.change();
  await h.untilWriting(); // the first write has started and is held
  h.change(3);
  release();
  await sleep(80);
  assert.deepEqual(h.written, ['state 1', 'state 4']);
  assert.equal(h.maxInFlight(), 1);
});

test('flush writes what is unwritten at once, waits for a write in progress, and does nothing when all is written', async () => {
  const h = harness({ delayMs: 10_000 });
  await h.writer.flush();
  assert.deepEqual(h.written, [], 'nothing changed, nothing written');
  h.change(5);
  await h.writer.flush();
  assert.deepEqual(h.written, ['state 5'], 'written without waiting for the 10 s delay');
  await h.writer.flush();
  assert.equal(h.writer.writes(), 1, 'a second flush has nothing to write');

  const release = h.holdWrites();
  h.change();
  const inProgress = h.writer.flush();
  h.change(); // during the held write
  const second = h.writer.flush();
  release();
  await Promise.all([inProgress, second]);
  assert.deepEqual(h.written, ['state 5', 'state 6', 'state 7']);
});

test('a failed write is reported, the state stays unwritten, and the next change writes it', async () => {
  const h = harness();
  h.failNextWrite(Object.assign(new Error('no space left'), { code: 'ENOSPC' }));
  h.change();
  await sleep(60);
  assert.deepEqual(h.written, []);
  assert.equal(h.errors.length, 1);
  assert.equal((h.errors[0] as NodeJS.ErrnoException).code, 'ENOSPC');
  await sleep(60);
  assert.equal(h.errors.length, 1, 'no retry on a timer: a full disk is not reported again and again');
  h.change();
  await sleep(60);
  assert.deepEqual(h.written, ['state 2']);
});

test('a failed flush rejects (and is not reported twice); a later flush writes', async () => {
  const h = harness({ delayMs: 10_000 });
  h.change();
  h.failNextWrite(new Error('disk gone'));
  await assert.rejects(h.writer.flush(), /disk gone/);
  assert.deepEqual(h.errors, [], 'the rejection is the report');
  await h.writer.flush();
  assert.deepEqual(h.written, ['state 1']);
});

test('a state that is slow to serialise spaces the writes out: four times its cost between them', async () => {
  let clock = 0;
  const h = harness({
    delayMs: 10,
    now: () => clock,
    serialize: () => {
      clock += 25; // each serialisation "takes" 25 ms
      return 'big';
    },
  });
  h.change();
  await h.writer.flush();
  const started = performance.now();
  h.change();
  while (h.writer.writes() < 2) await sleep(5);
  const waited = performance.now() - started;
  assert.ok(waited >= 90, `the next write waited ${waited.toFixed(0)} ms, expected about 100 (4 × 25)`);
});
