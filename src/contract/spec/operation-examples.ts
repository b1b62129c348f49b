import type { OpenApiDocument, OperationEntry } from './openapi-document.js';

/** A request built only from an operation's own examples, as example-driven tools build it. */
export interface ExampleRequest {
  operationId: string;
  method: OperationEntry['method'];
  /** The path template with every path parameter replaced by its example, e.g. `/event/event-1`. */
  path: string;
  /** The first requestBody example (what Prism, Postman and Swagger UI pick), or undefined when there is none. */
  body?: unknown;
}

/** What holds examples in OpenAPI: a media type or a parameter. */
export interface ExampleHolder {
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
type MediaType = ExampleHolder;
/** A parameter object (or a reference to one). */
export interface Parameter extends ExampleHolder {
  name: string;
  in: string;
  $ref?: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { $ref?: string; content?: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; content?: Record<string, MediaType> }>;
}

/** Follows a local `#/components/<section>/<name>` reference; anything else is returned as is. */
function resolve<T extends { $ref?: string }>(doc: OpenApiDocument, value: T | undefined): T | undefined {
  const ref = value?.$ref;
  if (!ref) return value;
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref) ?? [];
  if (!section || !name) throw new Error(`unsupported $ref ${ref}`);
  const target = (doc.components[section] as Record<string, T> | undefined)?.[name];
  if (!target) throw new Error(`$ref ${ref} points at nothing`);
  return resolve(doc, target);
}

/** Every named example of a media type or parameter, in document order (`example` counts as one named `example`). */
export function namedExamples(doc: OpenApiDocument, holder: ExampleHolder | undefined): Array<[string, unknown]> {
  if (!holder) return [];
  if (holder.example !== undefined) return [['example', holder.example]];
  return Object.entries(holder.examples ?? {}).map(([name, example]) => [name, resolve(doc, example)?.value]);
}

function operationOf(doc: OpenApiDocument, op: OperationEntry): { item: { parameters?: Parameter[] }; operation: Operation } {
  const item = doc.paths[op.pathTemplate] as { parameters?: Parameter[] } & Record<string, unknown>;
  return { item, operation: item[op.method.toLowerCase()] as Operation };
}

/** The path parameters of an operation (path-level ones, overridden by operation-level ones of the same name). */
export function pathParameters(doc: OpenApiDocument, op: OperationEntry): Parameter[] {
  const { item, operation } = operationOf(doc, op);
  const byName = new Map<string, Parameter>();
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(doc, raw)!;
    if (parameter.in === 'path') byName.set(parameter.name, parameter);
  }
  return [...byName.values()];
}

/** The JSON request body media type of an operation, if it has one. */
export function requestBodyMedia(doc: OpenApiDocument, op: OperationEntry): MediaType | undefined {
  return resolve(doc, operationOf(doc, op).operation.requestBody)?.content?.['application/json'];
}

/**
 * Builds the request an example-driven tool (Prism, Postman/Portman, Swagger UI's "Try it out")
 * sends for an operation: each path parameter's example, and the first requestBody example.
 * A path parameter without an example is an error, not a guess.
 */
export function buildExampleRequest(doc: OpenApiDocument, op: OperationEntry): ExampleRequest {
  let path = op.pathTemplate;
  for (const parameter of pathParameters(doc, op)) {
    const value = namedExamples(doc, parameter)[0]?.[1];
    if (typeof value !== 'string') throw new Error(`${op.operationId}: path parameter ${parameter.name} has no string example`);
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
  }
  const first = namedExamples(doc, requestBodyMedia(doc, op))[0];
  return { operationId: op.operationId, method: op.method, path, ...(first ? { body: first[1] } : {}) };
}

/** The named JSON examples of one documented response of an operation. */
export function responseExamples(doc: OpenApiDocument, op: OperationEntry, status: number): Array<[string, unknown]> {
  const response = resolve(doc, operationOf(doc, op).operation.responses[String(status)]);
  return namedExamples(doc, response?.content?.['application/json']);
}
