// The record schemas compiled ahead of time (src/generated/record-validators*.ts) must judge
// every value exactly as ajv compiling the spec at run time does: the same violations, in the
// same order, with the same paths and messages (the 406 message object is built from them).
// Checked on the spec's own record examples and on many values made from them by replacing,
// adding or removing fields at any depth (fast-check), for every precompiled schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { INDEX_DEFINITIONS } from '../../server/core/index-definitions.js';
import { loadOpenApiDocument } from './openapi-document.js';
import { createRecordSchemaValidator, RECORD_SCHEMA_NAMES } from './record-schema-validator.js';
import { ALL_ERRORS_NODE_LIMIT, createSpecValidator } from './spec-validator.js';

const doc = loadOpenApiDocument();
const atRunTime = createSpecValidator(doc);
const precompiled = createRecordSchemaValidator();
const INDEX_SCHEMAS = INDEX_DEFINITIONS.flatMap((d) => [d.inputSchema, d.updateSchema, d.storedSchema]);

/** Every object-valued `example` / `examples[].value` anywhere in the spec: record-shaped starting points. */
function objectExamples(node: unknown, found: object[] = []): object[] {
  if (Array.isArray(node)) {
    for (const item of node) objectExamples(item, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'value') {
        for (const candidate of Array.isArray(value) ? value : [value])
          if (typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)) found.push(candidate);
      }
      objectExamples(value, found);
    }
  }
  return found;
}

const EXAMPLES = objectExamples(doc);

/** Replaces (or removes, for `undefined`) the value at the `choice`-th node of `value` (depth first). */
function replaceNode(value: unknown, choice: number, replacement: unknown): unknown {
  let index = 0;
  const walk = (node: unknown): unknown => {
    if (index++ === choice) return replacement;
    if (Array.isArray(node)) return node.map(walk).filter((item) => item !== undefined);
    if (typeof node === 'object' && node !== null) {
      const copy: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node)) {
        const next = walk(child);
        if (next !== undefined) copy[key] = next;
      }
      return copy;
    }
    return node;
  };
  return walk(value);
}

test('the precompiled schemas are exactly the input, update and stored schemas of every index', () => {
  assert.deepEqual([...RECORD_SCHEMA_NAMES].sort(), [...INDEX_SCHEMAS].sort());
});

test('the spec holds record examples to start from', () => {
  assert.ok(EXAMPLES.length >= 9, `found ${EXAMPLES.length}`);
});

test("on the spec's examples, the precompiled schemas report what ajv compiling the spec reports", () => {
  let violations = 0;
  for (const name of INDEX_SCHEMAS) {
    for (const example of EXAMPLES) {
      const expected = atRunTime.validateSchema(name, example);
      assert.deepEqual(precompiled(name, example), expected, `${name}: ${JSON.stringify(example)}`);
      violations += expected.length;
    }
  }
  assert.ok(violations > 0, 'some example breaks some schema, so violations are compared too');
});

test('on values made from the examples, the precompiled schemas report what ajv compiling the spec reports', { timeout: 120_000 }, () => {
  let broken = 0;
  const replacement = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', 'x', 0, -1, 1.5, true, null, [], {}, [{}], { id: '' }),
  );
  fc.assert(
    fc.property(
      fc.constantFrom(...EXAMPLES),
      fc.array(fc.tuple(fc.nat(60), replacement), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...INDEX_SCHEMAS),
      (example, changes, name) => {
        let value: unknown = example;
        for (const [choice, next] of changes) value = replaceNode(value, choice, next);
        const expected = atRunTime.validateSchema(name, value);
        assert.deepEqual(precompiled(name, value), expected);
        if (expected.length > 0) broken += 1;
      },
    ),
    { numRuns: 3000 },
  );
  assert.ok(broken > 500, `only ${broken} of 3000 values broke their schema: the comparison must see violations`);
});

test('string lengths count code points as ajv does (a surrogate pair is one character)', () => {
  for (const id of ['', 'a', '\u{1F600}', '\uD83D', '\uDE00\uD83D', 'x'.repeat(300)]) {
    for (const name of INDEX_SCHEMAS) {
      const value = { id, name: id, type: id };
      assert.deepEqual(precompiled(name, value), atRunTime.validateSchema(name, value), `${name} ${JSON.stringify(id)}`);
    }
  }
});

test('a value too large for every violation gets the first one, as at run time', () => {
  const agent = { id: 'a', resources: Array.from({ length: ALL_ERRORS_NODE_LIMIT }, (_, i) => ({ id: `r${i}`, config: { path: 5 } })) };
  const violations = precompiled('AgentInput', agent);
  assert.ok(violations.length > 0 && violations.length < 10, `${violations.length} violations for ${ALL_ERRORS_NODE_LIMIT} broken entries`);
  assert.deepEqual(violations, atRunTime.validateSchema('AgentInput', agent));
});

test('an unknown schema name is a programming error, reported by name', () => {
  assert.throws(() => precompiled('NoSuchSchema', {}), /NoSuchSchema/);
  assert.throws(() => precompiled('toString', {}), /toString/);
});
