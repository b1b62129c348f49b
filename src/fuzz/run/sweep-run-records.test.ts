// The end of a fuzz run deletes exactly what the run can prove is its own — run-prefixed ids, its
// marker, ids it learned as generated — and its report is what a read of the target shows after.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { CoreRequest } from '../../server/core/core-types.js';
import { generateSecret, mintToken } from '../../contract/tokens/mint-token.js';
import { sendRaw } from '../../../test/support/test-server.js';
import { startReferenceServer, type RunningReferenceServer } from '../../server/start-reference-server.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { createFuzzContext } from './run-fuzz.js';
import { createRunBudget, type FuzzContext } from './fuzz-session.js';
import { readBaseline, sweepRunRecords } from './sweep-run-records.js';
import { plainConnection } from '../../connection/connection-settings.js';

const PREFIX = 'fz-sweep0-';
const secret = generateSecret();
let server: RunningReferenceServer;
let context: FuzzContext;

beforeEach(async () => {
  server = await startReferenceServer({ port: 0, auth: { secret }, seed: { event: [], agent: [{ id: 'their-agent' }] } });
  context = await createFuzzContext(
    { connection: plainConnection(server.url, { jwtSecret: secret }), runs: 1, timeBudgetMs: 0, randomSeed: 1, allowDestructive: false },
    PREFIX,
    createRunBudget(Date.now(), 5000, 1000),
  );
});
afterEach(async () => {
  context.sender.close();
  await server.close();
});

const agentIds = () =>
  server.core.store.agent
    .list()
    .map((r) => r.id)
    .sort();

/** Creates an agent as any client would; resolves to the id the target stored it under. */
async function createAgent(body: Record<string, unknown>): Promise<string> {
  const before = new Set(agentIds());
  const answer = await sendRaw(server.url, 'POST', '/catalog/agent', JSON.stringify(body), {
    authorization: `Bearer ${await mintToken({ secret, expiresIn: '1h' })}`,
    'content-type': 'application/json',
  });
  assert.equal(answer.status, 201, answer.text);
  return agentIds().find((id) => !before.has(id))!;
}

describe('sweepRunRecords', () => {
  it('deletes records with a run-prefixed id, the run marker or a learned generated id; reports, and keeps, a record it cannot attribute', async () => {
    const baseline = await readBaseline(context);
    await createAgent({ id: `${PREFIX}3-a0` });
    await createAgent({ [MARKER_FIELDS.fuzz]: `${PREFIX}3-m1` });
    const learned = await createAgent({});
    context.generatedIds.add(learned); // as a sequence does when it learns the id of a record it created without one
    const theirs = await createAgent({});
    const report = await sweepRunRecords(context, baseline);
    assert.deepEqual(agentIds(), ['their-agent', theirs].sort());
    assert.deepEqual(report, { leftovers: [], unverified: [], unattributed: [`agent ${theirs}`], cutShort: false });
  });

  it('counts as left behind what the final read still shows, whatever the deletes answered', async () => {
    const baseline = await readBaseline(context);
    const stuck = await createAgent({ id: `${PREFIX}3-a1` });
    const handle = server.core.handle;
    // This target answers 205 to the delete of one record, yet keeps it.
    (server.core as { handle: typeof handle }).handle = (request: CoreRequest) =>
      request.method === 'DELETE' && decodeURIComponent(request.path).endsWith(stuck)
        ? Promise.resolve({ status: 205, headers: {}, body: [] })
        : handle(request);
    const report = await sweepRunRecords(context, baseline);
    assert.deepEqual(report.leftovers, [`agent ${stuck}`]);
    assert.deepEqual(agentIds(), ['their-agent', stuck].sort());
  });

  it('with the allowance already spent nothing is sent, and the report says the clean-up was cut short and what it could not read', async () => {
    const baseline = await readBaseline(context);
    await createAgent({ id: `${PREFIX}3-a2` });
    const spent = { ...context, budget: createRunBudget(Date.now() - 10_000, 1000, 1000) };
    const report = await sweepRunRecords(spent, baseline);
    assert.deepEqual(report, { leftovers: [], unverified: ['event', 'network-link-type', 'agent'], unattributed: [], cutShort: true });
    assert.ok(agentIds().includes(`${PREFIX}3-a2`), 'nothing was sent');
  });
});
