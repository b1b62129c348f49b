// mgmt-kit fuzz against an implementation that is not ours (server.mjs): each broken variant
// fails with a shrunk repro (a few curl commands) that names the broken behaviour — one variant
// per class the fuzzer judges. (The faithful ones pass: faithful-profiles.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRepro } from '../../src/target/fuzz/curl-repro.js';
import type { FuzzFailure } from '../../src/fuzz/run/fuzz-session.js';
import type { FuzzOptions, FuzzReport } from '../../src/fuzz/run/fuzz-options.js';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.js';
import { DEFAULT_FUZZ_RUNS } from '../../src/cli/commands/fuzz.js';
import { mintToken } from '../../src/contract/tokens/index.js';
import { startIndependentServer } from './start-independent-server.js';
import { destructiveFor } from './broken-for-the-fuzzer.js';
import { plainConnection } from '../../src/connection/connection-settings.js';

async function fuzz(
  variants: string[],
  runs: number,
  maxFailures?: number,
  more: Pick<FuzzOptions, 'allowDestructive' | 'checks'> = { allowDestructive: false },
): Promise<{ report: FuzzReport; token: string; url: string; log: string }> {
  const server = await startIndependentServer(variants);
  try {
    const token = await mintToken({ secret: server.secret, expiresIn: '1h' });
    const report = await runFuzz({
      connection: plainConnection(server.url, { token, jwtSecret: server.secret }),
      runs,
      // A bound for a hung run, not the run's length: at a load of 15, 25 s ended the const-id run before its failure.
      timeBudgetMs: 90_000,
      randomSeed: 11,
      ...more,
      ...(maxFailures ? { maxFailures } : {}),
    });
    return { report, token, url: server.url, log: server.log() };
  } finally {
    await server.close();
  }
}

const stepsOf = (failure: FuzzFailure) => failure.exchanges.filter((e) => e.role === 'step').length;
const show = (report: FuzzReport, url: string, token: string) =>
  report.failures.map((f) => `${f.signature}\n${f.title}\n${formatRepro(f, url, token)}`).join('\n\n');

describe('mgmt-kit fuzz on the independent implementation', () => {
  // Signatures name the operation, the check and what was observed (src/fuzz/checks/check-table.ts).
  const broken: Array<[string, { signature: RegExp; names: RegExp; maxSteps: number; alsoBySequence?: RegExp }]> = [
    ['malformed-500', { signature: /^\w+:server-error:500$/, names: /answered 500: the server failed/, maxSteps: 1 }],
    // What an update left, read back: a field the update did not name is gone.
    ['update-replaces', { signature: /^update\w+:effect:missing-field$/, names: /the target has no such field/, maxSteps: 3 }],
    // Found first by the probe that guards deletes; a generated sequence finds it too.
    [
      'where-ignored',
      { signature: /^read\w+:where-filters:extra-record$/, names: /the where is ignored/, maxSteps: 1, alsoBySequence: /^read\w+:model-(status|records):/ },
    ],
    // A number JSON cannot carry, stored and written back as `Infinity`: the read is not JSON.
    ['infinity-out', { signature: /^read\w+:json-body:200$/, names: /the body is not JSON \(.*Infinity.*\)/, maxSteps: 2 }],
    // A wrong type in a field the description names (not a hidden one): the value must be refused.
    [
      'name-any-type',
      { signature: /^(create|update)NetworkLinkType\w*:model-status:20[01]$/, names: /wrong JSON type at name .*expected a refusal/, maxSteps: 2 },
    ],
    // Neither spelling of a parameter config schema taken: found before the run by the shape probe.
    ['no-properties', { signature: /^createAgentById:shape-taken:parameters\.config\.schema$/, names: /schema is propeties, or else properties/, maxSteps: 0 }],
    // A change inside an entry's config seen as no change (304), at any depth.
    ['shallow-compare', { signature: /^updateAgent\w*:model-status:304$/, names: /only .* changed.*expected 200 updated.*answered 304/, maxSteps: 2 }],
    // Generated ids collide: a second create without id is refused as a duplicate, or overwrites the first.
    ['const-id', { signature: /^create\w+:(model-status:\d+|generated-id:)/, names: /no id: the service generates it/, maxSteps: 4 }],
    ['alg-none', { signature: /:model-status:20[015]$/, names: /token: alg-none.*expected 401/, maxSteps: 2 }],
    ['delete-404-removes', { signature: /^delete\w+:effect:read-\d+$/, names: /what the target holds now/, maxSteps: 3 }],
    ['select-ignored-by-id', { signature: /^read\w+ById:model-records:extra-field$/, names: /select/, maxSteps: 3 }],
    // nul-character, number-range mishandled: U+0000 dropped from what was acknowledged as stored; an edge number answered 500 instead of kept or refused.
    ['nul-dropped', { signature: /^(create|update)\w+:effect:\S+$/, names: /what the target holds now/, maxSteps: 3 }],
    ['edge-numbers-500', { signature: /^(create|update)\w+:server-error:500$/, names: /answered 500: the server failed/, maxSteps: 2 }],
  ];
  for (const [variant, { signature, names, maxSteps, alsoBySequence }] of broken) {
    it(`${variant} fails with a shrunk repro naming the broken behaviour`, async () => {
      // The default --runs: docs/fuzzing.md's sensitivity table finds every switch by its 32nd sequence.
      const { report, url, token } = await fuzz([variant], DEFAULT_FUZZ_RUNS, 6);
      const failure = report.failures.find((f) => signature.test(f.signature));
      assert.ok(failure, `no failure ${signature}; found:\n${show(report, url, token)}`);
      assert.match(failure.title, names);
      assert.ok(stepsOf(failure) <= maxSteps, `${stepsOf(failure)} steps:\n${formatRepro(failure, url, token)}`);
      const repro = formatRepro(failure, url, token);
      assert.match(repro, /curl -sS -i -X \w+ '/);
      assert.match(repro, /-H ["']Authorization: Bearer /);
      assert.equal(repro.includes(token), false, 'the valid token is shown as $TOKEN');
      if (!alsoBySequence) return;
      const bySequence = report.failures.find((f) => f !== failure && alsoBySequence.test(f.signature));
      assert.ok(bySequence, show(report, url, token));
      assert.ok(stepsOf(bySequence) <= 2 && /where \S+ = /.test(bySequence.title), formatRepro(bySequence, url, token));
    });
  }
});

describe('the long-id and delete-all probes on the independent implementation', () => {
  // Before any sequence (one sequence runs): the broken switch fails the probe's check, its faithful look-alike passes every check.
  const table: Array<[string, RegExp | undefined]> = [
    ['ids-truncated-255', /^read\w+ById:long-ids:(id-changed|cut-id-found)$/],
    ['ids-truncated-512-bytes', /^read\w+ById:long-ids:(id-changed|cut-id-found)$/],
    ['long-ids-refused', undefined],
    ['delete-all-first-page', /^delete(Events|NetworkLinkTypes|Agents):delete-all:records-left$/],
    ['delete-all-first-10', /^delete(Events|NetworkLinkTypes|Agents):delete-all:records-left$/],
    ['delete-all-batched', undefined],
  ];
  for (const [variant, signature] of table) {
    it(`${variant} ${signature ? 'fails the probe' : 'passes'}${destructiveFor([variant]) ? ' (--allow-destructive)' : ''}`, async () => {
      const { report, url, token } = await fuzz([variant], 1, undefined, { allowDestructive: destructiveFor([variant]) });
      if (!signature) {
        assert.deepEqual(
          report.failures.map((f) => f.signature),
          [],
          show(report, url, token),
        );
        return;
      }
      const failure = report.failures.find((f) => signature.test(f.signature));
      assert.ok(failure, `no failure ${signature}; found:\n${show(report, url, token)}`);
      assert.equal(stepsOf(failure), 0, 'found by a probe, before the sequences');
      assert.match(formatRepro(failure, url, token), /curl -sS -i -X (GET|DELETE) '/);
    });
  }
});

describe('targets that refuse U+0000 or an edge number (nul-character, number-range)', () => {
  // The content probes (sequences 3 to 5, one per index) send both, each in an update of its own, and the generated values may hold either: a faithful
  // refusal (400, 422, error true, nothing stored) passes every check. (nul-dropped and edge-numbers-500 above: mishandled, they are found.)
  for (const variant of ['nul-refused', 'edge-numbers-refused']) {
    it(`${variant} passes`, async () => {
      const { report, url, token } = await fuzz([variant], 5);
      assert.deepEqual(
        report.failures.map((f) => f.signature),
        [],
        show(report, url, token),
      );
    });
  }
});
