import type { OpenApiDocument } from '../../spec/openapi-document.js';
import type { SpecValidator } from '../../spec/spec-validator.js';
import type { ValidationMessage } from './envelope.js';
import { mapViolations } from './map-violations.js';

/** Validates a value against a spec component; `undefined` when valid, else the 406 message object. */
export type RecordValidator = (schemaName: string, value: unknown) => ValidationMessage | undefined;

function resolvePointer(doc: OpenApiDocument, schemaPath: string): unknown {
  if (!schemaPath.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of schemaPath.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
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

/**
 * Compiles record validation from the spec (ajv 2020-12 via `createSpecValidator`, no schema
 * written twice) and maps failures to the seed's message object (seed §4.1 rule 4).
 *
 * @example createRecordValidator(spec, doc)('NetworkLinkTypeInput', { id: 'x' }) // → { name: 'required' }
 */
export function createRecordValidator(spec: SpecValidator, doc: OpenApiDocument): RecordValidator {
  // A oneOf whose branches are plain types reads "a string or a list of strings".
  const describeOneOf = (schemaPath: string): string | undefined => {
    const branches = resolvePointer(doc, schemaPath);
    if (!Array.isArray(branches)) return undefined;
    const described = branches.map(describeBranch);
    return described.every((d) => d !== undefined) ? described.join(' or ') : undefined;
  };
  return (schemaName, value) => {
    const violations = spec.validateSchema(schemaName, value);
    return violations.length === 0 ? undefined : mapViolations(violations, describeOneOf);
  };
}
