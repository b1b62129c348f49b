// The probes every run sends first: one of each class's exposing shape, each valid where it must
// be, safe on real data (a where on the base path names only run-tagged values), and the same for
// the same seed. That they expose their classes is measured by `npm run fuzz:sensitivity`; that a
// faithful target passes them, by run-fuzz.test.ts and `npm run fuzz:random-faithful`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INDEX_DEFINITIONS, loadOpenApiDocument } from '../../server/core/index.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { applyFlaw } from '../../contract/spec/flaw-sites.js';
import type { FuzzStep } from './fuzz-step.js';
import { leafPaths } from './leaf-update.js';
import { onePickPerDepth, probeSequences, type ProbeKind } from './probe-sequences.js';
import { requestBodyNode } from '../../contract/spec/schema-node.js';
import { ID_STYLES } from './sequence-ids.js';
import { BULK_MAX } from './sequence-arbitrary.js';
import { createVocabulary } from './vocabulary.js';

const doc = loadOpenApiDocument();
const spec = createSpecValidator(doc);
const vocabulary = createVocabulary('fz-probe0-');
const basePath = (index: string) => INDEX_DEFINITIONS.find((d) => d.name === index)!.basePath;
const creates = (steps: FuzzStep[]) => steps.filter((s): s is Extract<FuzzStep, { op: 'create' }> => s.op === 'create');

describe('probeSequences', () => {
  const seeds = [1000, 8919, 16838];
  it('sends each class once or once per index, the volume last, the same for the same seed', () => {
    for (const seed of seeds) {
      const probes = probeSequences(doc, spec, vocabulary, seed);
      const count = (kind: ProbeKind) => probes.filter((p) => p.kind === kind).length;
      assert.deepEqual(
        {
          hostile: count('hostile-transports'),
          spellings: count('json-spellings'),
          content: count('content'),
          queries: count('query-forms'),
          depths: count('change-depths'),
          types: count('types-everywhere'),
          ids: count('id-styles'),
          generated: count('generated-and-unknown-ids'),
          volume: count('volume'),
        },
        { hostile: 1, spellings: 1, content: 3, queries: 3, depths: 3, types: 3, ids: ID_STYLES.length - 1, generated: 1, volume: 1 },
      );
      assert.equal(probes.at(-1)!.kind, 'volume');
      const volume = probes.at(-1)!.steps;
      assert.equal(creates(volume).length, BULK_MAX);
      // The whole index is read while it holds every record of the bulk, then by a where, then deleted by it.
      assert.deepEqual(
        volume.slice(BULK_MAX).map((s) => `${s.op} ${s.slot === undefined && 'query' in s && s.query ? 'where' : 'all'}`),
        ['read all', 'read where', 'delete where'],
      );
      assert.equal(JSON.stringify(probeSequences(doc, spec, vocabulary, seed)), JSON.stringify(probes));
    }
  });

  it('every create sent without a flaw or a hostile transport is a valid record of its index', () => {
    for (const seed of seeds) {
      for (const probe of probeSequences(doc, spec, vocabulary, seed)) {
        for (const step of creates(probe.steps)) {
          if (step.body.flaw || step.transport.raw !== 'normal') continue;
          const node = requestBodyNode(doc, `${basePath(step.index)}/{id}`, 'post');
          assert.deepEqual(
            spec.validateAt(node.pointer, step.body.value),
            [],
            `${probe.kind} ${probe.index}: ${JSON.stringify(step.body.value).slice(0, 300)}`,
          );
        }
      }
    }
  });

  it('an agent probe changes a leaf inside an entry config, and puts a wrong type inside an entry on update and on create', () => {
    for (const seed of seeds) {
      const probes = probeSequences(doc, spec, vocabulary, seed);
      const depths = probes.find((p) => p.kind === 'change-depths' && p.index === 'agent')!;
      const created = creates(depths.steps)[0]!.body.value;
      const leaves = leafPaths({ id: 'x', ...created });
      const changed = depths.steps.flatMap((s) => (s.op === 'update' && s.leaf !== undefined ? [leaves[s.leaf % leaves.length]!] : []));
      assert.ok(
        changed.some((path) => path.includes('config')),
        `seed ${seed}: ${changed.map((p) => p.join('.')).join(', ')}`,
      );
      const types = probes.find((p) => p.kind === 'types-everywhere' && p.index === 'agent')!;
      for (const [op, method] of [
        ['update', 'put'],
        ['create', 'post'],
      ] as const) {
        const paths = types.steps.flatMap((s) => {
          if (s.op !== op || !s.body.flaw) return [];
          const flawed = applyFlaw(requestBodyNode(doc, '/catalog/agent/{id}', method), s.body.value, s.body.flaw, {
            doc,
            spec,
            allowMissing: op === 'create',
            keepTopLevel: ['id'],
          });
          return flawed.site ? [flawed.site.path] : [];
        });
        assert.ok(
          paths.some((p) => p.length > 2),
          `seed ${seed} ${op}: ${paths.map((p) => p.join('.')).join(', ')}`,
        );
      }
    }
  });

  it('a where on the base path names only values tagged with the run prefix: it cannot match a record of others', () => {
    for (const probe of probeSequences(doc, spec, vocabulary, 7)) {
      for (const step of probe.steps) {
        if ((step.op !== 'delete' && step.op !== 'read') || step.slot !== undefined || !step.query) continue;
        const expr = (step.query.value as { where?: { equals?: { expr?: unknown } } }).where?.equals?.expr;
        assert.ok(
          typeof expr === 'string' && (vocabulary.taggedValues.includes(expr) || expr.startsWith('@slot')),
          `${probe.kind}: ${JSON.stringify(step.query.value)}`,
        );
      }
    }
  });

  it('onePickPerDepth: one pick per depth, deepest first, the first pick of each depth', () => {
    assert.deepEqual(onePickPerDepth([1, 2, 2, 3, 1]), [3, 1, 0]);
    assert.deepEqual(onePickPerDepth([5, 4, 3, 2, 1], 2), [0, 1]);
    assert.deepEqual(onePickPerDepth([]), []);
  });
});
