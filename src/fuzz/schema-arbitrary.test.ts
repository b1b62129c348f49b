import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadOpenApiDocument } from '../spec/openapi-document.js';
import { createSpecValidator } from '../spec/spec-validator.js';
import { applyMutation } from './apply-mutation.js';
import type { MutationKind } from './fuzz-step.js';
import { arbitraryForSchema } from './schema-arbitrary.js';
import { componentSchema, requestBodyNode } from './schema-node.js';
import { createVocabulary } from './vocabulary.js';

const doc = loadOpenApiDocument();
const spec = createSpecValidator(doc);
const vocabulary = createVocabulary('fz-test-');

// Every request body the fuzzer builds comes from the operation's own schema in the spec.
const bodies = [
  ['/event', 'post', 'create'],
  ['/type/network-link', 'post', 'create'],
  ['/catalog/agent', 'post', 'create'],
  ['/event/{id}', 'put', 'update'],
  ['/type/network-link/{id}', 'put', 'update'],
  ['/catalog/agent/{id}', 'put', 'update'],
  ['/event', 'get', 'query'],
] as const;

describe('arbitraryForSchema: generated bodies satisfy the schema they come from', () => {
  for (const [path, method, mode] of bodies) {
    it(`${method.toUpperCase()} ${path}`, () => {
      const node = requestBodyNode(doc, path, method);
      const arbitrary = arbitraryForSchema(node, { doc, vocabulary, mode, omitTopLevel: ['id'] });
      fc.assert(
        fc.property(arbitrary, (value) => {
          const violations = spec.validateAt(node.pointer, value);
          assert.deepEqual(violations, [], JSON.stringify(value));
        }),
        { numRuns: 150, seed: 7 },
      );
    });
  }
});

describe('applyMutation: each kind breaks the schema it was derived from', () => {
  const cases: Array<[string, MutationKind, boolean]> = [
    ['NetworkLinkTypeInput', 'missing', true],
    ['AgentInput', 'missing', true],
    ['AgentInput', 'wrong-type', false],
    ['AgentInput', 'bad-enum', false],
    ['Query', 'unknown-member', false],
    ['Query', 'too-short', false],
  ];
  for (const [component, kind, allowMissing] of cases) {
    it(`${kind} on ${component}`, () => {
      const node = componentSchema(doc, component);
      const mode = component === 'Query' ? 'query' : 'create';
      const arbitrary = arbitraryForSchema(node, { doc, vocabulary, mode, omitTopLevel: ['id'] });
      let broken = 0;
      fc.assert(
        fc.property(arbitrary, fc.nat(), fc.nat(), (value, pick, variant) => {
          const mutated = applyMutation(node, value, { kind, pick, variant }, { doc, spec, allowMissing });
          if (mutated.site?.kind !== kind) return; // this body offers no site of that kind
          broken++;
          assert.notDeepEqual(spec.validateAt(node.pointer, mutated.value), [], `${mutated.description}: ${JSON.stringify(mutated.value)}`);
        }),
        { numRuns: 150, seed: 11 },
      );
      assert.ok(broken > 10, `only ${broken} bodies offered a ${kind} site`);
    });
  }

  it('never offers a field whose name the seed hides, nor a missing record or entry id', () => {
    const node = componentSchema(doc, 'AgentInput');
    const value = { description: 'x', deployment_source: ['a'], actions: [{ id: 'e1', config: { cmd: 'c', args: [], daemon: true } }] };
    for (let pick = 0; pick < 20; pick++) {
      for (const kind of ['wrong-type', 'missing'] as const) {
        const { description } = applyMutation(node, value, { kind, pick, variant: 0 }, { doc, spec, allowMissing: true });
        assert.doesNotMatch(String(description), /description|deployment_source|args|daemon/);
        if (kind === 'missing') assert.doesNotMatch(String(description), /(^|\.| )id$/);
      }
    }
  });
});
