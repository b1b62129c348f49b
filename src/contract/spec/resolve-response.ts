import type { OpenApiDocument, OperationEntry } from './openapi-document.js';

/** A JSON pointer segment: `~` and `/` escaped (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A response object of the spec; only its content is read. */
export interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
}

/**
 * The response object of an operation and status, with the JSON pointer ajv can compile.
 * Responses are $refs into components/responses; ajv cannot walk a pointer through a $ref,
 * so the pointer names the component itself.
 */
export function resolveResponse(doc: OpenApiDocument, op: OperationEntry, status: number): { response: ResponseObject; pointer: string } | undefined {
  const method = op.method.toLowerCase();
  const item = doc.paths[op.pathTemplate]?.[method] as { responses: Record<string, ResponseObject & { $ref?: string }> } | undefined;
  const response = item?.responses[String(status)];
  if (!response) return undefined;
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    const target = (doc.components['responses'] as Record<string, ResponseObject>)[name];
    return target ? { response: target, pointer: `/components/responses/${escapePointerSegment(name)}` } : undefined;
  }
  return { response, pointer: `/paths/${escapePointerSegment(op.pathTemplate)}/${method}/responses/${status}` };
}
