import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { loadOpenApiDocument } from '../../contract/spec/openapi-document.js';
import { createSpecValidator } from '../../contract/spec/spec-validator.js';
import { applyFlaw, formatPath } from '../../contract/spec/flaw-sites.js';
import type { FlawKind } from './fuzz-step.js';
import { arbitraryForSchema } from './schema-arbitrary.js';
import { componentSchema, requestBodyNode } from '../../contract/spec/schema-node.js';
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

it('fields whose names the description hides get values of the type the description gives them (x-described-as)', () => {
  const node = requestBodyNode(doc, '/catalog/agent/{id}', 'post');
  const typed: Array<[ReadonlyArray<string | number>, string]> = [
    [['description'], 'string'],
    [['deployment_source'], 'array'],
    [['actions', 0, 'config', 'args'], 'array'],
    [['actions', 0, 'config', 'daemon'], 'boolean'],
    [['parameters', 0, 'list'], 'boolean'],
  ];
  const seen = new Set<string>();
  fc.assert(
    fc.property(arbitraryForSchema(node, { doc, vocabulary, mode: 'create', omitTopLevel: ['id'] }), (agent) => {
      for (const [path, type] of typed) {
        const value = valueAt(agent, path);
        if (value === undefined) continue;
        seen.add(path.join('.'));
        assert.equal(Array.isArray(value) ? 'array' : typeof value, type, `${path.join('.')}: ${JSON.stringify(value)}`);
        if (Array.isArray(value))
          assert.ok(
            value.every((v) => typeof v === 'string'),
            JSON.stringify(value),
          );
      }
    }),
    { numRuns: 200, seed: 3 },
  );
  assert.equal(seen.size, typed.length, [...seen].join(', '));
});

describe('applyFlaw: each kind breaks the schema it was derived from', () => {
  const cases: Array<[string, FlawKind, boolean]> = [
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
          const flawed = applyFlaw(node, value, { kind, pick, variant }, { doc, spec, allowMissing });
          if (flawed.site?.kind !== kind) return; // this body offers no site of that kind
          broken++;
          // A hidden-name field is any JSON value to the spec's record schema: it breaks the type the description gives it.
          const [pointer, broke] = flawed.site.hiddenName ? [flawed.site.node.pointer, valueAt(flawed.value, flawed.site.path)] : [node.pointer, flawed.value];
          assert.notDeepEqual(spec.validateAt(pointer, broke), [], `${flawed.description}: ${JSON.stringify(flawed.value)}`);
        }),
        { numRuns: 150, seed: 11 },
      );
      assert.ok(broken > 10, `only ${broken} bodies offered a ${kind} site`);
    });
  }

  it('breaks a field whose name the description hides only against its described type, marked so; never a missing record or entry id', () => {
    const node = componentSchema(doc, 'AgentInput');
    const value = { description: 'x', deployment_source: ['a'], actions: [{ id: 'e1', config: { cmd: 'c', args: [], daemon: true } }] };
    const hidden = new Set<string>();
    for (let pick = 0; pick < 20; pick++) {
      for (const kind of ['wrong-type', 'missing'] as const) {
        const { description, site, value: broken } = applyFlaw(node, value, { kind, pick, variant: pick }, { doc, spec, allowMissing: true });
        const hiddenField = /^(description|deployment_source|actions\[0\]\.config\.(args|daemon))$/.test(site ? formatPath(site.path) : '');
        if (kind === 'missing') {
          assert.equal(hiddenField, false, String(description));
          assert.doesNotMatch(String(description), /(^|\.| )id$/);
          continue;
        }
        assert.equal(site?.hiddenName === true, hiddenField, String(description));
        if (!site?.hiddenName) continue;
        hidden.add(formatPath(site.path));
        assert.notDeepEqual(spec.validateAt(site.node.pointer, valueAt(broken, site.path)), [], String(description));
        assert.notEqual(valueAt(broken, site.path), 0, 'never 0, which a lenient decoder reads as false');
      }
    }
    assert.deepEqual([...hidden].sort(), ['actions[0].config.args', 'actions[0].config.daemon', 'deployment_source', 'description']);
  });
});

function valueAt(root: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[part] : undefined), root);
}
