import { recordBodyNode } from './wire-request.js';
import fc from 'fast-check';
import type { IndexName, OpenApiDocument } from '../../server/core/index.js';
import { declaredProperties, describedTypeNode, isExtensionProperty, itemsNode, oneOfNodes, propertyNode } from '../../contract/spec/schema-node.js';
import { requiredProperties, type SchemaNode } from '../../contract/spec/schema-node.js';
import { extraValue, numberValue, objectFromEntries, stringValue, type Vocabulary } from './vocabulary.js';

/** How {@link arbitraryForSchema} fills what a schema leaves free. */
export interface SchemaArbitraryOptions {
  doc: OpenApiDocument;
  vocabulary: Vocabulary;
  /** `update` bodies carry only scalar extras (vocabulary.ts says why); `query` bodies have no extras and no empty lists. */
  mode: 'create' | 'update' | 'query';
  /** Top-level properties the caller sets itself (the record `id`). */
  omitTopLevel?: readonly string[];
  /** Strings for a path, e.g. field names for `select`; undefined = any string value. */
  stringFor?: (path: readonly string[]) => fc.Arbitrary<string> | undefined;
}

const MAX_ITEMS = 3;

/**
 * An arbitrary of values that satisfy a schema of the spec, built by walking the schema itself, so no record shape is written twice. Objects that allow
 * extra fields get some from the vocabulary (§2 rule 4); lists of objects with an `id` get unique ids (§4.1 rule 5 addresses entries by id).
 *
 * @example fc.sample(arbitraryForSchema(componentSchema(doc, 'Action'), options), 1)
 * // → [{ id: 'e2', config: { cmd: 'link-up' }, status: 'stopped', größe: 0.1 }]
 */
export function arbitraryForSchema(node: SchemaNode, options: SchemaArbitraryOptions, path: readonly string[] = []): fc.Arbitrary<unknown> {
  const { schema } = node;
  if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as unknown[]));
  if ('const' in schema) return fc.constant(schema['const']);
  const branches = oneOfNodes(options.doc, node);
  if (branches.length > 0) return fc.oneof(...branches.map((b) => arbitraryForSchema(b, options, path)));
  switch (schema['type']) {
    case 'string':
      return stringArbitrary(node, options, path);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer();
    case 'number':
      return numberValue();
    case 'array':
      return arrayArbitrary(node, options, path);
    case 'object':
      return objectArbitrary(node, options, path);
    default:
      return extraValue(options.vocabulary, options.mode === 'update' ? 'update' : 'create');
  }
}

/** Valid bodies of a create (`post`) or update (`put`) of one record of the index, without the id the caller sets. */
export function recordArbitrary(doc: OpenApiDocument, vocabulary: Vocabulary, index: IndexName, method: 'post' | 'put'): fc.Arbitrary<Record<string, unknown>> {
  const options = { doc, vocabulary, mode: method === 'post' ? ('create' as const) : ('update' as const), omitTopLevel: ['id'] };
  return arbitraryForSchema(recordBodyNode(doc, index, method), options) as fc.Arbitrary<Record<string, unknown>>;
}

function stringArbitrary(node: SchemaNode, options: SchemaArbitraryOptions, path: readonly string[]): fc.Arbitrary<string> {
  const minLength = typeof node.schema['minLength'] === 'number' ? node.schema['minLength'] : 0;
  const custom = options.stringFor?.(path);
  if (custom) return custom;
  // An entry id (actions[i].id …) comes from a small pool so updates address existing entries.
  if (path.length > 1 && path[path.length - 1] === 'id') return fc.constantFrom(...options.vocabulary.entryIds);
  return stringValue(options.vocabulary).filter((s) => s.length >= minLength);
}

function arrayArbitrary(node: SchemaNode, options: SchemaArbitraryOptions, path: readonly string[]): fc.Arbitrary<unknown[]> {
  const items = itemsNode(options.doc, node);
  const item = items ? arbitraryForSchema(items, options, [...path, '*']) : extraValue(options.vocabulary, 'create');
  const minLength = options.mode === 'query' ? 1 : 0;
  if (items && requiredProperties(items).includes('id')) {
    return fc.uniqueArray(item, { minLength, maxLength: MAX_ITEMS, selector: (entry) => (entry as { id?: unknown }).id });
  }
  return fc.array(item, { minLength, maxLength: MAX_ITEMS });
}

function objectArbitrary(node: SchemaNode, options: SchemaArbitraryOptions, path: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const omitted = path.length === 0 ? (options.omitTopLevel ?? []) : [];
  const declared = declaredProperties(node).filter((name) => !omitted.includes(name) && !isExtensionProperty(options.doc, node, name));
  const required = requiredProperties(node).filter((name) => declared.includes(name));
  // `minProperties` without `required` (Where: one operator at least): the first core property is required.
  const minProperties = typeof node.schema['minProperties'] === 'number' ? node.schema['minProperties'] : 0;
  if (minProperties > 0 && required.length === 0 && declared[0] !== undefined) required.push(declared[0]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  // A field whose name the description hides gets a value of the type the description gives it (hidden-name-fields).
  for (const name of declared)
    model[name] = arbitraryForSchema(describedTypeNode(node, name) ?? propertyNode(options.doc, node, name)!, options, [...path, name]);
  const known = fc.record(model, { requiredKeys: required });
  const allowsExtra = node.schema['additionalProperties'] !== false && options.mode !== 'query';
  if (!allowsExtra) return known;
  const names = options.vocabulary.fieldNames.filter((name) => !declaredProperties(node).includes(name));
  const extraMode = options.mode === 'update' ? 'update' : 'create';
  const extras = fc.array(fc.tuple(fc.constantFrom(...names), extraValue(options.vocabulary, extraMode)), { maxLength: 2 });
  return fc.tuple(known, extras).map(([fields, extra]) => ({ ...objectFromEntries(extra), ...fields }));
}
