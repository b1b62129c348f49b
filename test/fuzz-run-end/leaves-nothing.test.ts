// A fuzz run leaves the target as it found it, and its report says what a read of the target
// shows afterwards (runs left 20 agents with only a generated id while fuzz.md said 0).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mintToken } from '../../src/contract/tokens/mint-token.js';
import { sendRaw } from '../support/test-server.js';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.js';
import { startIndependentServer } from '../independent-server/start-independent-server.js';
import { startDelayingProxy } from '../support/delaying-proxy.js';
import { readEveryIndex } from '../support/read-every-index.js';
import { plainConnection } from '../../src/connection/connection-settings.js';

const NOTHING_LEFT = { leftovers: [], unverified: [], unattributed: [], cutShort: false };

const idsOf = (records: readonly unknown[]) => records.map((r) => (r as { id: string }).id);

/** A create body without its `fuzz_marker`, as a target that keeps only the fields it knows would store it. */
function withoutMarker(method: string, path: string, body: Buffer): Buffer {
  if (method !== 'POST' || path !== '/catalog/agent' || body.length === 0) return body;
  try {
    const { fuzz_marker: _dropped, ...rest } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    return Buffer.from(JSON.stringify(rest));
  } catch {
    return body;
  }
}

describe('a fuzz run leaves nothing behind and says so truthfully', () => {
  // update-replaces drops the marker of a record created without id at its first update: from then
  // on only the id the run learned when it created the record says the record is the run's.
  for (const variants of [[], ['update-replaces']]) {
    it(`the independent server${variants.length ? ` (${variants.join(', ')})` : ''}: every index reads the same before and after`, async () => {
      const server = await startIndependentServer(variants);
      try {
        const token = await mintToken({ secret: server.secret, expiresIn: '1h' });
        const before = await readEveryIndex(server.url, token);
        const report = await runFuzz({
          connection: plainConnection(server.url, { jwtSecret: server.secret }),
          runs: 40,
          timeBudgetMs: 20_000,
          randomSeed: 11,
          allowDestructive: false,
        });
        assert.ok((report.answers['POST 201'] ?? 0) > 0, 'the run created records');
        assert.deepEqual(await readEveryIndex(server.url, token), before);
        assert.deepEqual(report.cleanUp, NOTHING_LEFT);
      } finally {
        await server.close();
      }
    });
  }

  // What a deployment did to agents created without id: the run cannot prove such a
  // record is its own (no id of the run, no marker, no id it could learn), so it may not delete it —
  // but the report must name it, where it used to say "records left behind | 0".
  it('a target that drops the marker of agents: every record that appeared is gone or named in the report', async () => {
    const server = await startIndependentServer();
    const proxy = await startDelayingProxy({ upstream: server.url, delayMs: 0, rewriteBody: withoutMarker });
    try {
      const token = await mintToken({ secret: server.secret, expiresIn: '1h' });
      const before = await readEveryIndex(server.url, token);
      const report = await runFuzz({
        connection: plainConnection(proxy.url, { jwtSecret: server.secret }),
        runs: 20,
        timeBudgetMs: 20_000,
        randomSeed: 11,
        allowDestructive: false,
      });
      const after = await readEveryIndex(server.url, token);
      const known = new Set(idsOf(before.agent));
      const appeared = idsOf(after.agent)
        .filter((id) => !known.has(id))
        .map((id) => `agent ${id}`);
      assert.deepEqual([...report.cleanUp.unattributed, ...report.cleanUp.leftovers].sort(), appeared.sort());
      assert.deepEqual({ ...after, agent: before.agent }, before, 'the other indices read the same before and after');
    } finally {
      await proxy.close();
      await server.close();
    }
  });

  it('a record another client creates during the run is kept, and reported as not the run’s', async () => {
    const server = await startIndependentServer();
    const token = await mintToken({ secret: server.secret, expiresIn: '1h' });
    // The other client writes as soon as the run sends its first create (after its first read of every index).
    let created: ReturnType<typeof sendRaw> | undefined;
    const createOnce = (method: string, _path: string, body: Buffer) => {
      if (method === 'POST')
        created ??= sendRaw(server.url, 'POST', '/catalog/agent', '{"description":"another client"}', {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        });
      return body;
    };
    const proxy = await startDelayingProxy({ upstream: server.url, delayMs: 0, rewriteBody: createOnce });
    try {
      const before = await readEveryIndex(server.url, token);
      const report = await runFuzz({
        connection: plainConnection(proxy.url, { jwtSecret: server.secret }),
        runs: 10,
        timeBudgetMs: 20_000,
        randomSeed: 11,
        allowDestructive: false,
      });
      assert.equal((await created)?.status, 201);
      const after = await readEveryIndex(server.url, token);
      const known = new Set(idsOf(before.agent));
      const theirs = after.agent.filter((a) => !known.has((a as { id: string }).id)) as Array<{ id: string }>;
      assert.equal(theirs.length, 1, JSON.stringify(after.agent));
      assert.deepEqual(theirs[0], { id: theirs[0]!.id, description: 'another client' });
      assert.deepEqual(report.cleanUp, { ...NOTHING_LEFT, unattributed: [`agent ${theirs[0]!.id}`] });
      assert.deepEqual({ ...after, agent: before.agent }, before, 'nothing else changed');
    } finally {
      await proxy.close();
      await server.close();
    }
  });
});
