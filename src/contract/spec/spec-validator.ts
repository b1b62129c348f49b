import addFormats from 'ajv-formats';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { violationsOf, type SchemaViolation } from './schema-violation.js';
import { loadOpenApiDocument, listOperations, type OpenApiDocument } from './openapi-document.js';
import { escapePointerSegment, resolveResponse } from './resolve-response.js';

export type { SchemaViolation } from './schema-violation.js';
export { ALL_ERRORS_NODE_LIMIT } from './schema-violation.js';
export { resolveResponse, type ResponseObject } from './resolve-response.js';

/** Outcome of checking a response against the spec. `ok: false` always carries a reason. */
export type ResponseCheck = { ok: true } | { ok: false; reason: string; violations: SchemaViolation[] };

const SPEC_ID = 'openapi.json';

/**
 * Compiles the spec's schemas with ajv (2020-12 dialect) once, and checks values against any
 * component schema or against the documented response of an operation. Nothing is hand-copied:
 * every schema is addressed by a JSON pointer into the generated spec document.
 *
 * @example
 * const spec = createSpecValidator();
 * spec.validateSchema('NetworkLinkTypeInput', { id: 'x' }); // → [{ keyword: 'required', … }]
 * spec.checkResponse('createEvent', 201, body);           // → { ok: true }
 */
export function createSpecValidator(doc: OpenApiDocument = loadOpenApiDocument()) {
  const compileAt = createCompiler(doc, false);
  const compileAllErrorsAt = createCompiler(doc, true);
  const operations = new Map(listOperations(doc).map((op) => [op.operationId, op]));

  /** Validates `value` against the JSON schema at any pointer into the spec; returns [] when valid. */
  function validateAt(pointer: string, value: unknown): SchemaViolation[] {
    return violationsOf(value, compileAt(pointer), () => compileAllErrorsAt(pointer));
  }

  /** Whether `value` matches the schema at `pointer`: for a yes or no, which needs no every-error variant compiled. */
  function accepts(pointer: string, value: unknown): boolean {
    return compileAt(pointer)(value);
  }

  const pointerOfName = new Map<string, string>();
  /** `/components/schemas/<name>`, escaped once per name rather than on every validation. */
  function schemaPointer(name: string): string {
    let pointer = pointerOfName.get(name);
    if (pointer === undefined) {
      pointer = `/components/schemas/${escapePointerSegment(name)}`;
      pointerOfName.set(name, pointer);
    }
    return pointer;
  }

  /** Validates `value` against `#/components/schemas/<name>`; returns [] when valid. */
  function validateSchema(name: string, value: unknown): SchemaViolation[] {
    return validateAt(schemaPointer(name), value);
  }

  /** Compiles these component schemas now, both variants (a server does it at start, not on its first requests). */
  function precompile(names: readonly string[]): void {
    for (const name of names) {
      compileAt(schemaPointer(name));
      compileAllErrorsAt(schemaPointer(name));
    }
  }

  /** The JSON pointer of the response schema for an operation and status, or undefined when it has no content. */
  function responseSchemaPointer(operationId: string, status: number): string | undefined {
    const op = operations.get(operationId);
    if (!op) throw new Error(`unknown operationId ${operationId}`);
    const resolved = resolveResponse(doc, op, status);
    if (!resolved?.response.content?.['application/json']?.schema) return undefined;
    return `${resolved.pointer}/content/application~1json/schema`;
  }

  /**
   * Checks a response against the operation's documented responses: the status must be
   * documented, and a present body must match that status's schema. A missing body is
   * accepted (304 and 205 bodies do not always survive HTTP; the caller decides when a
   * body is required).
   */
  function checkResponse(operationId: string, status: number, body: unknown): ResponseCheck {
    const op = operations.get(operationId);
    if (!op) return { ok: false, reason: `unknown operation ${operationId}`, violations: [] };
    if (!op.statuses.includes(status)) {
      return {
        ok: false,
        reason: `${operationId} answered ${status}, which the spec does not document (documented: ${op.statuses.join(', ')})`,
        violations: [],
      };
    }
    if (body === undefined || body === '') return { ok: true };
    const pointer = responseSchemaPointer(operationId, status);
    if (!pointer) {
      return { ok: false, reason: `${operationId} ${status} documents no body, but one was sent`, violations: [] };
    }
    const violations = validateAt(pointer, body);
    if (violations.length === 0) return { ok: true };
    const first = violations[0]!;
    return {
      ok: false,
      reason: `${operationId} ${status}: body breaks the spec at ${first.instancePath || '/'} (${first.message}; schema ${first.schemaPath})`,
      violations,
    };
  }

  return { validateSchema, validateAt, accepts, checkResponse, responseSchemaPointer, precompile, operations };
}

/**
 * Compiles schemas by pointer into one ajv instance (with or without allErrors), each distinct schema once: the 25
 * response schemas the operations point at are 10 distinct ones (most are the same `$ref` to ErrorEnvelope), and a
 * conformance worker compiles what it uses. Every `$ref` of the spec names a place in the whole document, so two
 * schemas written alike validate alike wherever they stand.
 */
function createCompiler(doc: OpenApiDocument, allErrors: boolean): (pointer: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors });
  addFormats.default(ajv);
  // Not checked against the JSON Schema meta-schema here: compiling that meta-schema was the
  // largest part of a server's start-up, and it checks only the document's top level (its schemas
  // sit under `components` and `paths`, which the meta-schema does not read). npm test lints the
  // whole spec (Spectral, Redocly) instead.
  ajv.addSchema(doc as object, SPEC_ID, undefined, false);
  const compiled = new Map<string, ValidateFunction>();
  const byText = new Map<string, ValidateFunction>();
  return (pointer) => {
    let fn = compiled.get(pointer);
    if (!fn) {
      const text = JSON.stringify(valueAt(doc, pointer));
      fn = (text === undefined ? undefined : byText.get(text)) ?? ajv.getSchema(`${SPEC_ID}#${pointer}`);
      if (!fn) throw new Error(`no schema at ${pointer} in the spec`);
      compiled.set(pointer, fn);
      if (text !== undefined) byText.set(text, fn);
    }
    return fn;
  };
}

export type SpecValidator = ReturnType<typeof createSpecValidator>;

/**
 * The value at a JSON pointer into the document (RFC 6901), or undefined where none is. schema-node.ts walks pointers
 * too, but it is the kit's and this file is @mgmt-kit/mock's, which the kit reaches only through its entries.
 */
function valueAt(doc: OpenApiDocument, pointer: string): unknown {
  let node: unknown = doc;
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
