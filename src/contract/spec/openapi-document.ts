// Imported, not read from disk, so the core that uses it also runs in a browser (msw setupWorker).
import { openapiDocument } from '../../generated/openapi-document.js';

/** The parts of an OpenAPI 3.1 document the kit reads at run time. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; 'x-decisions'?: Array<{ id: string; section: string; choice: string }> };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; [section: string]: unknown };
  [key: string]: unknown;
}

/** One operation of the spec: where it lives and which statuses it documents. */
export interface OperationEntry {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The spec's path template, e.g. `/event/{id}`. */
  pathTemplate: string;
  /** Documented status codes, as numbers, ascending. */
  statuses: number[];
}

const methods = ['get', 'post', 'put', 'delete'] as const;

/**
 * The spec as generated into `src/generated/openapi-document.ts` by `npm run generate` (no YAML
 * parsing at run time). Shared: callers must not mutate it.
 */
export function loadOpenApiDocument(): OpenApiDocument {
  return openapiDocument as OpenApiDocument;
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument = loadOpenApiDocument()): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [pathTemplate, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method] as { operationId: string; responses: Record<string, unknown> } | undefined;
      if (!op) continue;
      entries.push({
        operationId: op.operationId,
        method: method.toUpperCase() as OperationEntry['method'],
        pathTemplate,
        statuses: Object.keys(op.responses)
          .map(Number)
          .sort((a, b) => a - b),
      });
    }
  }
  return entries;
}
