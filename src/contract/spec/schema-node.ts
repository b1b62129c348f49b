import { DESCRIBED_TYPE_MARK, HIDDEN_NAME_MARK } from '../faithful-answers.js';

/**
 * The spec as loaded (an `OpenApiDocument`), read here only by JSON pointer. Not that type by name: the mock package owns it, and the kit reaches what the
 * mock package owns only through its entry (scripts/build-packages.ts), which src/contract, below the server, cannot import.
 */
export type SpecDocument = object;

/** A JSON Schema object inside the spec, with the JSON pointer ajv compiles it by. */
export interface SchemaNode {
  /** Pointer into the spec document, e.g. `/components/schemas/Action`. */
  pointer: string;
  schema: Readonly<Record<string, unknown>>;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function lookup(doc: SpecDocument, pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The node at a pointer, following `$ref`s (local ones, as the spec uses) to the schema itself. */
export function schemaAt(doc: SpecDocument, pointer: string): SchemaNode {
  let current = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = lookup(doc, current);
    if (typeof value !== 'object' || value === null) throw new Error(`spec: no schema at ${current}`);
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string') return { pointer: current, schema: value as Record<string, unknown> };
    if (!ref.startsWith('#/')) throw new Error(`spec: only local $ref is supported (${ref})`);
    current = ref.slice(1);
  }
  throw new Error(`spec: $ref loop at ${pointer}`);
}

/** A component schema by name: `componentSchema(doc, 'Query')`. */
export function componentSchema(doc: SpecDocument, name: string): SchemaNode {
  return schemaAt(doc, `/components/schemas/${escapePointer(name)}`);
}

/** The schema of a declared property, or undefined for a field the schema does not name. */
export function propertyNode(doc: SpecDocument, node: SchemaNode, name: string): SchemaNode | undefined {
  const properties = node.schema['properties'];
  if (typeof properties !== 'object' || properties === null || !Object.hasOwn(properties, name)) return undefined;
  return schemaAt(doc, `${node.pointer}/properties/${escapePointer(name)}`);
}

export function itemsNode(doc: SpecDocument, node: SchemaNode): SchemaNode | undefined {
  return node.schema['items'] === undefined ? undefined : schemaAt(doc, `${node.pointer}/items`);
}

export function oneOfNodes(doc: SpecDocument, node: SchemaNode): SchemaNode[] {
  const branches = node.schema['oneOf'];
  return Array.isArray(branches) ? branches.map((_, i) => schemaAt(doc, `${node.pointer}/oneOf/${i}`)) : [];
}

/**
 * faithful-answers hidden-name-fields: for a property whose name the service description hides, the schema of the type the description gives it
 * (`x-described-as`), else undefined.
 */
export function describedTypeNode(node: SchemaNode, name: string): SchemaNode | undefined {
  const raw = (node.schema['properties'] as Record<string, Record<string, unknown> | undefined> | undefined)?.[name];
  if (raw?.[HIDDEN_NAME_MARK] !== true || typeof raw[DESCRIBED_TYPE_MARK] !== 'object' || raw[DESCRIBED_TYPE_MARK] === null) return undefined;
  return { pointer: `${node.pointer}/properties/${escapePointer(name)}/${DESCRIBED_TYPE_MARK}`, schema: raw[DESCRIBED_TYPE_MARK] as Record<string, unknown> };
}

export function declaredProperties(node: SchemaNode): string[] {
  const properties = node.schema['properties'];
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

export function requiredProperties(node: SchemaNode): string[] {
  const required = node.schema['required'];
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/**
 * The JSON body schema an operation takes, without its extension branches: the request bodies are `oneOf: [record, batch]` and the batch carries
 * `x-extension: batch` (x-decisions batches), which the fuzzer leaves out as the conformance core profile does.
 */
export function requestBodyNode(doc: SpecDocument, pathTemplate: string, method: string): SchemaNode {
  const node = schemaAt(doc, `/paths/${escapePointer(pathTemplate)}/${method.toLowerCase()}/requestBody`);
  const media = schemaAt(doc, `${node.pointer}/content/application~1json/schema`);
  const branches = oneOfNodes(doc, media).filter((b) => b.schema['x-extension'] === undefined);
  return branches[0] ?? media;
}

/**
 * True when the spec marks a property, or the schema it refers to, as an extension (`x-extension`: the query language, order, limit): the fuzzer leaves them
 * out, as the conformance core profile does (and so never recurses into the clause combinators).
 */
export function isExtensionProperty(doc: SpecDocument, node: SchemaNode, name: string): boolean {
  const raw = (node.schema['properties'] as Record<string, Record<string, unknown> | undefined> | undefined)?.[name];
  if (raw?.['x-extension'] !== undefined) return true;
  return propertyNode(doc, node, name)?.schema['x-extension'] !== undefined;
}
