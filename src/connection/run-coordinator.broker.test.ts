import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { plainConnection } from './connection-settings.js';
import { createRunCoordinator, remoteCoordinator, startConnectionBroker } from './run-coordinator.js';

test('two workers share the run cap through the broker; a worker that goes frees what it held; the token is the run one', async () => {
  const broker = await startConnectionBroker(createRunCoordinator({ ...plainConnection('http://t', { token: 'run-token' }), maxConnections: 2 }));
  const [a, b] = [remoteCoordinator(broker), remoteCoordinator(broker)];
  try {
    const held = [(await a.permit())!, (await b.permit())!];
    let third: unknown;
    void a.permit().then((release) => (third = release));
    await sleep(50);
    assert.equal(third, undefined, 'the cap of 2 is taken: the third waits');
    held[0]!();
    await sleep(50);
    assert.equal(typeof third, 'function', 'a release lets it go');
    assert.equal(await b.permit(Date.now() + 50), undefined, 'not given by until: nothing taken');
    await b.close();
    assert.equal(typeof (await a.permit(Date.now() + 1000)), 'function', "b's permit went with its socket");
    assert.equal(await a.token(), 'run-token');
  } finally {
    await a.close();
    await broker.close();
  }
});

test('the broker serves only the run: a caller without its key is shut out', async () => {
  const broker = await startConnectionBroker(createRunCoordinator(plainConnection('http://t', { token: 'run-token' })));
  const stranger = remoteCoordinator({ ...broker, key: 'not-the-key' });
  try {
    await assert.rejects(stranger.token(), { name: 'ConnectionFailure' });
  } finally {
    await stranger.close();
    await broker.close();
  }
});

test('permits asked for at once come back at once: no answer waits for the worker to acknowledge the one before (Nagle)', async () => {
  const broker = await startConnectionBroker(createRunCoordinator({ ...plainConnection('http://t', { token: 'run-token' }), maxConnections: 6 }));
  const worker = remoteCoordinator(broker);
  try {
    await (await worker.permit())?.();
    const rounds: number[] = [];
    for (let round = 0; round < 15; round++) {
      const started = performance.now();
      const releases = await Promise.all([worker.permit(), worker.permit(), worker.permit()]);
      rounds.push(performance.now() - started);
      for (const release of releases) release?.();
      await sleep(1);
    }
    // Held back, the second answer of a round waits for the delayed ACK: about 40 ms on Linux, every round.
    const median = [...rounds].sort((x, y) => x - y)[7]!;
    assert.ok(median < 25, `three permits at once took ${median.toFixed(1)} ms (median of 15 rounds)`);
  } finally {
    await worker.close();
    await broker.close();
  }
});

test('the broker listens on a local socket, never a TCP port: abstract on Linux (no file to leave behind), a file removed at close elsewhere', async () => {
  const broker = await startConnectionBroker(createRunCoordinator(plainConnection('http://t', { token: 'run-token' })));
  const worker = remoteCoordinator(broker);
  try {
    assert.equal(await worker.token(), 'run-token');
    assert.equal('port' in broker, false);
    if (process.platform === 'linux') assert.match(broker.path, /^\0mgmt-kit-[0-9a-f]{32}$/);
    else if (process.platform !== 'win32') assert.equal(existsSync(broker.path), true);
  } finally {
    await worker.close();
    await broker.close();
  }
  if (!['linux', 'win32'].includes(process.platform)) assert.equal(existsSync(broker.path), false, 'its socket file went with it');
  await assert.rejects(remoteCoordinator(broker).token(), { name: 'ConnectionFailure' }, 'closed: nothing answers there');
});
