// The bounded fuzz run against our own reference server (part of npm test): it must find nothing,
// must really exercise the description's answers, and the same seed must replay the same run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateSecret } from '../../contract/tokens/mint-token.js';
import { startReferenceServer, type RunningReferenceServer } from '../../server/start-reference-server.js';
import { formatRepro } from '../../target/fuzz/curl-repro.js';
import { FuzzSetupError, runFuzz } from './run-fuzz.js';
import { plainConnection } from '../../connection/connection-settings.js';

const secret = generateSecret();
let server: RunningReferenceServer;
before(async () => (server = await startReferenceServer({ port: 0, auth: { secret } })));
after(() => server.close());

describe('runFuzz against the reference server', () => {
  it('a bounded run finds no failure, exercises every kind of answer and leaves nothing behind', async () => {
    const before = server.core.store.event.list().length + server.core.store.agent.list().length;
    // The budget is a bound, not the duration: the run ends when its 100 sequences ran. Its probes
    // include a bulk of 260 records (about 800 requests), so a loaded machine needs the room.
    const report = await runFuzz({
      connection: plainConnection(server.url, { jwtSecret: secret }),
      runs: 100,
      // At a load of 15 the 100 sequences took 61 s: the budget only bounds a hung run.
      timeBudgetMs: 180_000,
      randomSeed: 42,
      allowDestructive: false,
    });
    const repros = report.failures.map((f) => `${f.title}\n${formatRepro(f, server.url, undefined)}`).join('\n\n');
    assert.deepEqual(
      report.failures.map((f) => f.signature),
      [],
      repros,
    );
    assert.equal(report.sequences, 100);
    assert.ok(report.requests > 1500, `${report.requests} requests`);
    for (const answer of [
      'POST 201',
      'POST 406',
      'POST 415',
      'POST 400',
      'POST 401',
      'GET 200',
      'GET 404',
      'GET 400',
      'PUT 200',
      'PUT 304',
      'PUT 406',
      'DELETE 205',
      'DELETE 404',
    ]) {
      assert.ok((report.answers[answer] ?? 0) > 0, `no step was answered ${answer}: ${JSON.stringify(report.answers)}`);
    }
    // The coverage tallies count the same answers per operation; on a faithful target none failed its check.
    const steps = Object.values(report.answers).reduce((a, b) => a + b, 0);
    const counted = report.coverage.reduce((sum, t) => sum + t.seen, 0);
    assert.ok(counted >= steps * 0.9, `${counted} answers counted for ${steps} steps (read-backs come on top; a step without answer does not count)`);
    assert.deepEqual(
      report.coverage.filter((t) => t.failed > 0),
      [],
    );
    assert.ok(
      report.coverage.some((t) => t.operation === 'updateEventById' && t.status === 304),
      JSON.stringify(report.coverage),
    );
    assert.deepEqual(report.whereTrusted.sort(), ['agent', 'event', 'network-link-type']);
    assert.deepEqual(report.cleanUp, { leftovers: [], unverified: [], unattributed: [], cutShort: false });
    assert.equal(server.core.store.event.list().length + server.core.store.agent.list().length, before, 'every record of the run was deleted');
    assert.deepEqual(
      server.core.store['network-link-type'].list().map((r) => r.id),
      ['p2p', 'slice'],
      'records the run did not make are untouched',
    );
  });

  it('--allow-destructive: deletes without where, and every record of others is there again afterwards', async () => {
    const seeded = await startReferenceServer({ port: 0, auth: { secret }, seed: { event: [{ id: 'theirs', kind: 'keep' }], agent: [{ id: 'their-agent' }] } });
    const handle = seeded.core.handle;
    let deletesWithoutWhere = 0;
    (seeded.core as { handle: typeof handle }).handle = (request) => {
      if (request.method === 'DELETE' && !request.body && ['/event', '/type/network-link', '/catalog/agent'].includes(request.path)) deletesWithoutWhere++;
      return handle(request);
    };
    try {
      const report = await runFuzz({
        connection: plainConnection(seeded.url, { jwtSecret: secret }),
        runs: 60,
        timeBudgetMs: 30_000,
        randomSeed: 77,
        allowDestructive: true,
      });
      assert.deepEqual(
        report.failures.map((f) => f.signature),
        [],
      );
      assert.ok(deletesWithoutWhere > 0, 'the run sent deletes without where');
      assert.deepEqual(seeded.core.store.event.list(), [{ id: 'theirs', kind: 'keep' }]);
      assert.deepEqual(seeded.core.store.agent.list(), [{ id: 'their-agent' }]);
      assert.deepEqual(
        seeded.core.store['network-link-type']
          .list()
          .map((r) => r.id)
          .sort(),
        ['p2p', 'slice'],
      );
    } finally {
      await seeded.close();
    }
  });

  it('--allow-destructive on a target that refuses a list body: the delete-all probe creates its 110 records one by one, and finds nothing', async () => {
    const plain = await startReferenceServer({ port: 0, auth: { secret } });
    const handle = plain.core.handle;
    let creates = 0;
    let lists = 0;
    (plain.core as { handle: typeof handle }).handle = (request) => {
      if (request.method !== 'POST') return handle(request);
      creates++;
      const list = request.body !== undefined && String(request.body).trimStart().startsWith('[');
      if (list) lists++;
      return list
        ? Promise.resolve({
            status: 400,
            headers: { 'content-type': 'application/json' },
            body: [{ status: 'Bad Request', code: 400, error: true, message: 'one record per request' }],
          })
        : handle(request);
    };
    try {
      const report = await runFuzz({
        connection: plainConnection(plain.url, { jwtSecret: secret }),
        runs: 1,
        timeBudgetMs: 60_000,
        randomSeed: 5,
        allowDestructive: true,
        checks: ['delete-all', 'long-ids'],
      });
      assert.deepEqual(
        report.failures.map((f) => f.signature),
        [],
      );
      assert.equal(lists, 3, 'one list per index, refused');
      assert.ok(creates >= 3 * 111, `${creates} creates`);
      assert.deepEqual(report.cleanUp.leftovers, []);
    } finally {
      await plain.close();
    }
  });

  it('the same seed replays the same run', async () => {
    const run = () =>
      runFuzz({ connection: plainConnection(server.url, { jwtSecret: secret }), runs: 15, timeBudgetMs: 20_000, randomSeed: 7, allowDestructive: false });
    const [first, second] = [await run(), await run()];
    assert.deepEqual(second.answers, first.answers);
    assert.equal(second.requests, first.requests);
    assert.notEqual(second.runPrefix, first.runPrefix, 'a replay uses fresh ids');
  });

  it('without a token the run sends no hostile tokens; an unreachable target is a setup error', async () => {
    const open = await startReferenceServer({ port: 0, auth: false });
    try {
      const report = await runFuzz({ connection: plainConnection(open.url), runs: 10, timeBudgetMs: 20_000, randomSeed: 3, allowDestructive: false });
      assert.equal(report.authChecked, false);
      assert.deepEqual(report.failures, []);
      assert.equal(
        Object.keys(report.answers).some((a) => a.endsWith(' 401')),
        false,
      );
    } finally {
      await open.close();
    }
    await assert.rejects(
      runFuzz({ connection: plainConnection(open.url), runs: 1, timeBudgetMs: 5000, randomSeed: 1, allowDestructive: false }),
      FuzzSetupError,
    );
  });
});
