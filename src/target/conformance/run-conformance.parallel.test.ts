// `mgmt-kit conformance --parallel N`: the same results as a serial run, nothing left
// behind, and a @destructive scenario never runs beside another one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Envelope } from '@cucumber/messages';
import { leftoverIds, scenarioOutcomes, storeFingerprint } from '../../../test/support/conformance-fingerprint.js';
import { generateSecret, startReferenceServer } from '../../server/index.js';
import { runConformance } from './run-conformance.js';
import { plainConnection } from '../../connection/connection-settings.js';

/** Start and end of every test case, with its tags, from the message stream. */
function createTimeline() {
  const tagsOfPickle = new Map<string, string[]>();
  const pickleOfTestCase = new Map<string, string>();
  const open = new Map<string, { start: number; tags: string[] }>();
  const spans: Array<{ start: number; end: number; tags: string[] }> = [];
  const ms = (t: { seconds: number; nanos: number }) => t.seconds * 1000 + t.nanos / 1e6;
  const onEnvelope = (e: Envelope) => {
    if (e.pickle)
      tagsOfPickle.set(
        e.pickle.id,
        e.pickle.tags.map((t) => t.name),
      );
    if (e.testCase) pickleOfTestCase.set(e.testCase.id, e.testCase.pickleId);
    if (e.testCaseStarted) {
      const tags = tagsOfPickle.get(pickleOfTestCase.get(e.testCaseStarted.testCaseId) ?? '') ?? [];
      open.set(e.testCaseStarted.id, { start: ms(e.testCaseStarted.timestamp), tags });
    }
    if (e.testCaseFinished) {
      const started = open.get(e.testCaseFinished.testCaseStartedId);
      if (started) spans.push({ ...started, end: ms(e.testCaseFinished.timestamp) });
    }
  };
  return { onEnvelope, spans };
}

test('--parallel 2 gives the serial results, leaves nothing behind and runs @destructive scenarios apart', { timeout: 180_000 }, async () => {
  const secret = generateSecret();
  const server = await startReferenceServer({ port: 0, auth: { secret } });
  try {
    const before = storeFingerprint(server.core.store);
    const common = { connection: plainConnection(server.url, { jwtSecret: secret }), profile: 'extended', allowDestructive: true, progress: 'none' } as const;
    const serial = await runConformance(common);
    assert.equal(storeFingerprint(server.core.store), before);
    const timeline = createTimeline();
    // The support code is loaded once per process; workers load their own.
    const parallel = await runConformance({ ...common, parallel: 2, support: serial.support, onEnvelope: timeline.onEnvelope });

    assert.ok(
      serial.scenarios.every((s) => s.status === 'passed'),
      'the serial run passes',
    );
    assert.deepEqual(scenarioOutcomes(parallel.scenarios), scenarioOutcomes(serial.scenarios));
    assert.deepEqual(leftoverIds(server.core.store, parallel.runPrefix), []);
    assert.equal(storeFingerprint(server.core.store), before, 'every index is as before (destructive scenarios restored)');

    const destructive = timeline.spans.filter((s) => s.tags.includes('@destructive'));
    assert.ok(destructive.length >= 3, 'the destructive scenarios ran');
    assert.equal(timeline.spans.length, parallel.scenarios.length);
    const wiped = (span: { tags: string[] }) => span.tags.filter((t) => t.startsWith('@wipes.'));
    for (const d of destructive) {
      assert.equal(wiped(d).length, 1, 'each delete-all scenario names the index it wipes');
      const beside = timeline.spans.filter((s) => s !== d && s.start < d.end && d.start < s.end);
      assert.deepEqual(
        beside.filter((s) => !s.tags.includes('@destructive') || wiped(s)[0] === wiped(d)[0]),
        [],
        'nothing ran beside a destructive scenario but one wiping another index',
      );
    }
    assert.ok(new Set(timeline.spans.map((s) => s.start)).size > 1);
    // The long scenarios go first (long-features-first.ts): each worker's first scenario is one of them.
    const firstTwo = [...timeline.spans].sort((a, b) => a.start - b.start).slice(0, 2);
    assert.ok(
      firstTwo.every((s) => s.tags.includes('@volume')),
      `the first scenarios to start are @volume ones: ${JSON.stringify(firstTwo)}`,
    );
  } finally {
    await server.close();
  }
});
