import { INDEX_DEFINITIONS, type IndexName, type OpenApiDocument } from '../../reference-server/core/index.js';
import { componentSchema, propertyNode, requiredProperties, type SchemaNode } from '../../spec/schema-node.js';

/** A plain valid value of a schema: its first enum value, else one of its type. */
function plainValue(doc: OpenApiDocument, node: SchemaNode): unknown {
  if (Array.isArray(node.schema['enum'])) return node.schema['enum'][0];
  switch (node.schema['type']) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return 0;
    case 'array':
      return [];
    case 'object':
      return fillRequired(doc, node);
    default:
      return 'bulk';
  }
}

function fillRequired(doc: OpenApiDocument, node: SchemaNode): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of requiredProperties(node)) {
    const child = propertyNode(doc, node, name);
    if (name !== 'id' && child) record[name] = plainValue(doc, child);
  }
  return record;
}

/**
 * The smallest valid record of an index, from its create schema: only its required fields but the id (a network link type's name), each a plain value. What a
 * bulk holds by the hundred.
 */
export function minimalRecord(doc: OpenApiDocument, index: IndexName): Record<string, unknown> {
  const definition = INDEX_DEFINITIONS.find((d) => d.name === index)!;
  return fillRequired(doc, componentSchema(doc, definition.inputSchema));
}
