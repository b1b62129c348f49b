import { loadOpenApiDocument, type OperationEntry } from '../../spec/openapi-document.js';
import { resolveResponse } from '../../spec/resolve-response.js';
import type { CoreResponse } from '../core/core-types.js';
import { envelopeItem, jsonResponse } from '../core/envelope.js';
import { FAULT_STATUS_HEADER } from './fault-header-names.js';
import { injectedMessage } from './injected-message.js';

export { injectedMessage };

type SchemaNode = { $ref?: string; type?: string; allOf?: SchemaNode[]; items?: SchemaNode; properties?: Record<string, { const?: unknown }> };

/** The `code` an envelope schema fixes for its items (DeletedEnvelope: 200 under HTTP 205), if any. */
function readFixedCode(schemaRef: string): number | undefined {
  const schemas = loadOpenApiDocument().components.schemas as Record<string, SchemaNode>;
  const schema = schemas[schemaRef.replace('#/components/schemas/', '')];
  for (const part of schema?.allOf ?? []) {
    const code = part.items?.properties?.['code']?.const;
    if (typeof code === 'number') return code;
  }
  return undefined;
}

/**
 * The answer `x-mgmt-kit-status: <status>` stands for, shaped by the spec's response for that
 * operation and status: no body where the spec documents none (204), the envelope where the
 * schema is an envelope (one item; code as the schema fixes it, else the status; `error` from
 * 4xx/5xx), and an empty list where it is a record list (a read's 200). The status must be one
 * the operation documents. 205 and 304 carry the envelope here and lose it to the adapters'
 * null-body handling exactly as real answers do.
 *
 * @example injectedResponse(findOperation('POST', '/event')!, 500)
 * // → 500 [{ status: 'Internal Server Error', code: 500, error: true, message: 'Answer 500 injected by x-mgmt-kit-status; …' }]
 */
export function injectedResponse(operation: OperationEntry, status: number, source: string = FAULT_STATUS_HEADER): CoreResponse {
  const resolved = resolveResponse(loadOpenApiDocument(), operation, status);
  const schema = resolved?.response.content?.['application/json']?.schema as SchemaNode | undefined;
  if (schema === undefined) return { status, headers: { 'content-type': 'application/json' } };
  if (schema.type === 'array' && !schema.$ref) return jsonResponse(status, []);
  const code = (schema.$ref ? readFixedCode(schema.$ref) : undefined) ?? status;
  return jsonResponse(status, [envelopeItem(code, injectedMessage(status, source), status)]);
}
