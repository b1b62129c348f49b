import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { remoteCoordinator, startConnectionBroker } from './connection-broker.js';
import { plainConnection } from './connection-settings.js';
import { createRunCoordinator } from './run-coordinator.js';

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
