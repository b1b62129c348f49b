import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { BOOT_TURNS_ENV, startBootTurns, takeBootTurn } from './boot-turns.js';

/** Asks for a turn and records when it came; `end` ends it. */
function ask(value: string, log: string[], name: string) {
  let end: (() => void) | undefined;
  const taken = takeBootTurn(value).then((release) => {
    log.push(name);
    end = release;
  });
  return { taken, end: () => end?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

test('at most N turns at once, in the order asked; an ended turn, or a worker that goes away, lets the next one in', async () => {
  const turns = await startBootTurns(2);
  try {
    const log: string[] = [];
    const a = ask(turns.value, log, 'a');
    await settle();
    const b = ask(turns.value, log, 'b');
    await settle();
    const c = ask(turns.value, log, 'c');
    await settle();
    const d = ask(turns.value, log, 'd');
    await Promise.all([a.taken, b.taken]);
    await settle();
    assert.deepEqual(log, ['a', 'b'], 'c and d wait while two turns are taken');
    b.end();
    await c.taken;
    await settle();
    assert.deepEqual(log, ['a', 'b', 'c'], 'the first waiting takes the freed turn, d still waits');
    a.end();
    await d.taken;
    assert.deepEqual(log, ['a', 'b', 'c', 'd']);
    c.end();
    d.end();
  } finally {
    await turns.close();
  }
});

test('a waiting worker that goes away is dropped from the queue: the turn goes to the next', async () => {
  const turns = await startBootTurns(1);
  try {
    const log: string[] = [];
    const a = ask(turns.value, log, 'a');
    await a.taken;
    const [port, key] = turns.value.split(':');
    const gone = connect(Number(port), '127.0.0.1');
    gone.write(`${key}\n`);
    await settle();
    const c = ask(turns.value, log, 'c');
    await settle();
    gone.destroy();
    await settle();
    a.end();
    await c.taken;
    assert.deepEqual(log, ['a', 'c']);
    c.end();
  } finally {
    await turns.close();
  }
});

test('a caller without the key gets no turn and is disconnected', async () => {
  const turns = await startBootTurns(1);
  try {
    const [port] = turns.value.split(':');
    const stranger = connect(Number(port), '127.0.0.1');
    let heard = '';
    stranger.setEncoding('utf8').on('data', (chunk: string) => (heard += chunk));
    stranger.write('0123456789abcdef0123456789abcdef\n');
    await new Promise((resolve) => stranger.on('close', resolve));
    assert.equal(heard, '');
  } finally {
    await turns.close();
  }
});

test('no turns named, turns that cannot be reached or never answer: the worker goes on (after the longest wait)', async () => {
  const start = performance.now();
  (await takeBootTurn(undefined))();
  (await takeBootTurn('not an address'))();
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  (await takeBootTurn(`${port}:abcdef`))();
  assert.ok(performance.now() - start < 2_000, 'none of these waited');
  const held: Socket[] = [];
  const silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  try {
    const before = performance.now();
    (await takeBootTurn(`${(silent.address() as AddressInfo).port}:abcdef`, 300))();
    assert.ok(performance.now() - before >= 290, 'it waited up to the longest wait');
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test("node's --import of the take module holds a process until its turn comes, and its children do not inherit the turn", async () => {
  const turns = await startBootTurns(1);
  const take = fileURLToPath(new URL('./boot-turn-take.ts', import.meta.url));
  try {
    const log: string[] = [];
    const holder = ask(turns.value, log, 'holder');
    await holder.taken;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', take, '-e', `console.log('main ran', process.env.${BOOT_TURNS_ENV} === undefined)`], {
      env: { ...process.env, [BOOT_TURNS_ENV]: turns.value },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(out, '', 'the process waits for its turn before its main module runs');
    holder.end();
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
    assert.equal(out.trim(), 'main ran true');
  } finally {
    await turns.close();
  }
});
