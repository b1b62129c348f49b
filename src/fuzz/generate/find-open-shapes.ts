import { OPEN_SPELLINGS } from '../../contract/faithful-answers.js';
import type { OpenApiDocument, SpecValidator } from '../../server/core/index.js';
import { formatPath } from '../../contract/spec/flaw-sites.js';
import { declaredProperties, describedTypeNode, itemsNode, oneOfNodes, propertyNode, type SchemaNode } from '../../contract/spec/schema-node.js';

/** The places of a body whose shape the description leaves an implementation free to refuse. */
export interface OpenShapes {
  /** Fields below the top level their schema does not declare, or hides the name of (nested-extra-fields, hidden-name-fields): `actions[0].config.retries`. */
  extras: string[];
  /** Values below the top level in one of several forms, as `path|type` (resource-config-path): `resources[0].config.path|array`. */
  forms: string[];
  /** Values in a spelling the description leaves open, as `path=value` (config-schema-spelling). */
  spellings: string[];
}

const jsonTypeOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * @example findOpenShapes(doc, spec, agentInput, { id: 'a', resources: [{ id: 'r', config: { path: '/x' } }], actions: [{ id: 'e1', config: { cmd: 'c' }, x: 1 }] })
 * // → { extras: ['actions[0].x'], forms: ['resources[0].config.path|string'] }
 */
export function findOpenShapes(doc: OpenApiDocument, spec: SpecValidator, node: SchemaNode, value: unknown): OpenShapes {
  const found: OpenShapes = { extras: [], forms: [], spellings: [] };
  walk(doc, spec, node, value, [], found);
  return found;
}

function walk(doc: OpenApiDocument, spec: SpecValidator, node: SchemaNode, value: unknown, path: Array<string | number>, found: OpenShapes): void {
  const branches = oneOfNodes(doc, node);
  if (branches.length > 0) {
    const matching = branches.find((b) => spec.validateAt(b.pointer, value).length === 0);
    if (matching && path.length > 1) found.forms.push(`${formatPath(path)}|${jsonTypeOf(value)}`);
    if (matching) walk(doc, spec, matching, value, path, found);
    return;
  }
  const spellings = OPEN_SPELLINGS[path.filter((p) => typeof p === 'string').join('.')];
  if (typeof value === 'string' && spellings?.includes(value)) found.spellings.push(`${formatPath(path)}=${value}`);
  if (Array.isArray(value)) {
    const items = itemsNode(doc, node);
    if (items) for (const [i, item] of value.entries()) walk(doc, spec, items, item, [...path, i], found);
    return;
  }
  if (typeof value !== 'object' || value === null || node.schema['type'] !== 'object') return;
  const declared = declaredProperties(node);
  for (const [name, child] of Object.entries(value)) {
    // A field whose name the description hides is an extra field where it goes by another name.
    if (!declared.includes(name) || describedTypeNode(node, name) !== undefined) {
      if (path.length > 0) found.extras.push(formatPath([...path, name]));
      continue;
    }
    walk(doc, spec, propertyNode(doc, node, name)!, child, [...path, name], found);
  }
}
