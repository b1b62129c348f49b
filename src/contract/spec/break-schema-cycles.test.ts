import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { breakSchemaCycles } from './break-schema-cycles.js';
import { loadOpenApiDocument, type OpenApiDocument } from './openapi-document.js';

const SCHEMA_PREFIX = '#/components/schemas/';

/** The names each schema refers to (directly, anywhere inside it). */
function refsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsOf(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_PREFIX)) found.add(value.slice(SCHEMA_PREFIX.length));
      else refsOf(value, found);
    }
  }
  return found;
}

/** A cycle of schema refs, as names, or undefined. */
function findCycle(doc: OpenApiDocument): string[] | undefined {
  const schemas = doc.components.schemas;
  const seen = new Set<string>();
  const visit = (name: string, path: string[]): string[] | undefined => {
    if (path.includes(name)) return [...path, name];
    if (seen.has(name)) return undefined;
    seen.add(name);
    for (const next of refsOf(schemas[name])) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    return undefined;
  };
  for (const name of Object.keys(schemas)) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return undefined;
}

test('the spec as written is recursive (the query language); the portable form has no cycle and keeps every other $ref', () => {
  const written = loadOpenApiDocument();
  assert.ok(findCycle(written), 'spec/openapi.yaml holds Where → ClauseList → Where');
  const portable = breakSchemaCycles(written);
  assert.equal(findCycle(portable), undefined);
  assert.ok(findCycle(written), 'the document it was given is left as it was');
  const schemas = portable.components.schemas as Record<string, { properties?: Record<string, unknown>; oneOf?: unknown[] }>;
  assert.deepEqual(schemas['ClauseList']?.oneOf?.[1], {
    type: 'object',
    description: 'Where, recursive: see #/components/schemas/Where in spec/openapi.yaml (not expanded here).',
  });
  assert.deepEqual(schemas['Where']?.properties?.['equals'], { $ref: '#/components/schemas/Equals' }, 'a ref that closes no cycle stays');
  assert.deepEqual(schemas['Query']?.properties?.['where'], { $ref: '#/components/schemas/Where' });
  assert.deepEqual(portable.paths, written.paths);
});

test('a self-reference and a longer cycle are both cut where they close; a schema of another type keeps its type', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
        A: { type: 'array', items: { $ref: '#/components/schemas/B' } },
        B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
      },
    },
  } as OpenApiDocument;
  const portable = breakSchemaCycles(doc).components.schemas as Record<string, unknown>;
  assert.deepEqual((portable['Tree'] as { properties: { children: { items: unknown } } }).properties.children.items, {
    type: 'object',
    description: 'Tree, recursive: see #/components/schemas/Tree in spec/openapi.yaml (not expanded here).',
  });
  assert.deepEqual(portable['A'], { type: 'array', items: { $ref: '#/components/schemas/B' } });
  assert.deepEqual((portable['B'] as { properties: { a: unknown } }).properties.a, {
    type: 'array',
    description: 'A, recursive: see #/components/schemas/A in spec/openapi.yaml (not expanded here).',
  });
});

test('spec/openapi.portable.json is what the spec generates (npm run generate writes it; check:generated guards it)', () => {
  const committed: unknown = JSON.parse(readFileSync(new URL('../../../spec/openapi.portable.json', import.meta.url), 'utf8'));
  assert.deepEqual(committed, breakSchemaCycles(loadOpenApiDocument()));
});
