import { declaredProperties, describedTypeNode, itemsNode, oneOfNodes, propertyNode } from './schema-node.js';
import { requiredProperties, type SchemaNode, type SpecDocument } from './schema-node.js';

/** An object's required fields only, or every field it declares (but hidden names); `form` picks the branch of a value of several forms. */
export type PlainFill = { every: boolean; form: number };

/** A plain valid value of a schema: its first enum value, else one of its type. */
export function plainValue(doc: SpecDocument, node: SchemaNode, fill: PlainFill = { every: false, form: 0 }): unknown {
  const branches = oneOfNodes(doc, node);
  if (branches.length > 0) return plainValue(doc, branches[fill.form % branches.length]!, fill);
  if (Array.isArray(node.schema['enum'])) return node.schema['enum'][0];
  const items = itemsNode(doc, node);
  switch (node.schema['type']) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'array':
      return fill.every && items ? [plainValue(doc, items, fill)] : [];
    case 'object':
      return plainObject(doc, node, fill);
    default:
      return 'bulk';
  }
}

/** An object of a schema, each field a plain value; a record's own `id` (`top`) is left to the caller. */
export function plainObject(doc: SpecDocument, node: SchemaNode, fill: PlainFill = { every: false, form: 0 }, top = false): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const names = fill.every ? declaredProperties(node).filter((name) => describedTypeNode(node, name) === undefined) : requiredProperties(node);
  for (const name of names) {
    const child = propertyNode(doc, node, name);
    if ((name !== 'id' || !top) && child && child.schema['x-extension'] === undefined) record[name] = plainValue(doc, child, fill);
  }
  return record;
}
