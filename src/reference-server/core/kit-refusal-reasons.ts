import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { SchemaViolation } from '../../spec/spec-validator.js';
import { unescapePointerSegment } from './json-pointer.js';

/**
 * The reasons a 406 message object gives for a field that fails anything but a required check:
 * `must be string`, `must be one of: started, stopped, unknown`, `must be a string or a list of
 * strings`. §4.1 rule 4 fixes only `{"name": "required"}`, so these words are the kit's and this
 * file is not mutated (stryker.config.json, docs/mutation/README.md). Which field a refusal names, and
 * that it gives a reason at all, is decided in ./map-violations.ts, which is.
 */

/** The reason for a violation of one ajv keyword. */
export type ReasonOf = (violation: SchemaViolation, doc: OpenApiDocument) => string;

/** ajv keyword → the kit's reason; a keyword not listed keeps ajv's own message. */
export const KIT_REFUSAL_REASONS: ReadonlyMap<string, ReasonOf> = new Map<string, ReasonOf>([
  ['additionalProperties', () => 'not allowed'],
  ['enum', (v) => `must be one of: ${(v.params['allowedValues'] as unknown[]).join(', ')}`],
  ['type', (v) => `must be ${String(v.params['type'])}`],
  ['minLength', (v) => (v.params['limit'] === 1 ? 'must not be empty' : `must have at least ${String(v.params['limit'])} characters`)],
  ['const', (v) => `must be ${JSON.stringify(v.params['allowedValue'])}`],
  ['oneOf', (v, doc) => `must be ${describeOneOf(doc, v.schemaPath) ?? 'one of the allowed shapes'}`],
]);

function resolvePointer(doc: OpenApiDocument, schemaPath: string): unknown {
  if (!schemaPath.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of schemaPath.slice(2).split('/')) {
    const key = unescapePointerSegment(raw);
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function describeBranch(branch: unknown): string | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  const { type, items } = branch as { type?: unknown; items?: { type?: unknown } };
  if (type === 'array') return typeof items?.type === 'string' ? `a list of ${items.type}s` : 'a list';
  if (type === 'object') return 'an object';
  if (type === 'integer') return 'an integer';
  return typeof type === 'string' ? `a ${type}` : undefined;
}

/** The `oneOf` at a schema path as "a string or a list of strings" when its branches are plain types; else undefined. */
function describeOneOf(doc: OpenApiDocument, schemaPath: string): string | undefined {
  const branches = resolvePointer(doc, schemaPath);
  if (!Array.isArray(branches)) return undefined;
  const described = branches.map(describeBranch);
  return described.every((d) => d !== undefined) ? described.join(' or ') : undefined;
}
