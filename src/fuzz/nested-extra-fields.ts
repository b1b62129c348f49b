import type { OpenApiDocument } from '../spec/openapi-document.js';
import type { SpecValidator } from '../spec/spec-validator.js';
import { formatPath } from './mutation-sites.js';
import { declaredProperties, describedTypeNode, itemsNode, oneOfNodes, propertyNode, type SchemaNode } from './schema-node.js';

/**
 * Fields a body carries below its top level that the schema of their object does not declare:
 * `actions[0].config.retries` in an agent, and fields whose names the description hides. Top-level
 * extras must be stored (seed §2 rule 4); for these nested ones an implementation may store them
 * as sent or refuse the body (faithful-answers nested-extra-fields), so the judge needs to know
 * whether a body has any.
 *
 * @example findNestedExtraFields(doc, spec, agentInput, { id: 'a', actions: [{ id: 'e1', config: { cmd: 'c' }, x: 1 }] })
 * // → ['actions[0].x']
 */
export function findNestedExtraFields(doc: OpenApiDocument, spec: SpecValidator, node: SchemaNode, value: unknown): string[] {
  const found: string[] = [];
  walk(doc, spec, node, value, [], found);
  return found;
}

function walk(doc: OpenApiDocument, spec: SpecValidator, node: SchemaNode, value: unknown, path: Array<string | number>, found: string[]): void {
  const branches = oneOfNodes(doc, node);
  if (branches.length > 0) {
    const matching = branches.find((b) => spec.validateAt(b.pointer, value).length === 0);
    if (matching) walk(doc, spec, matching, value, path, found);
    return;
  }
  if (Array.isArray(value)) {
    const items = itemsNode(doc, node);
    if (items) value.forEach((item, i) => walk(doc, spec, items, item, [...path, i], found));
    return;
  }
  if (typeof value !== 'object' || value === null || node.schema['type'] !== 'object') return;
  const declared = declaredProperties(node);
  for (const [name, child] of Object.entries(value)) {
    // A field whose name the description hides is an extra field where it goes by another name
    // (faithful-answers hidden-name-fields), so inside an entry it may be refused as one.
    if (!declared.includes(name) || describedTypeNode(node, name) !== undefined) {
      if (path.length > 0) found.push(formatPath([...path, name]));
      continue;
    }
    walk(doc, spec, propertyNode(doc, node, name)!, child, [...path, name], found);
  }
}
