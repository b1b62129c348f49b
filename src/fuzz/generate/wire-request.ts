import { decodeBody, indexTable, type CoreRequest, type IndexName, type OpenApiDocument } from '../../server/core/index.js';
import { requestBodyNode, type SchemaNode } from '../../contract/spec/schema-node.js';
import { plainObject } from '../../contract/spec/plain-value.js';
import type { AuthMaterial } from '../../contract/auth-table.js';
import type { ContentTypeKind, RawBodyKind } from './fuzz-step.js';
import { parseJsonText } from '../../contract/spec/parse-json-text.js';

/** `{base}` of an index: `/catalog/agent`. */
export const basePathOf = (index: IndexName): string => indexTable.find((row) => row.name === index)!.basePath;

/** The body a create (`post`) or update (`put`) of one record of the index takes (requestBodyNode). */
export const recordBodyNode = (doc: OpenApiDocument, index: IndexName, method: 'post' | 'put'): SchemaNode =>
  requestBodyNode(doc, `${basePathOf(index)}/{id}`, method);

/** The smallest valid record of an index: its required fields but the id, each a plain value. */
export const minimalRecord = (doc: OpenApiDocument, index: IndexName): Record<string, unknown> =>
  plainObject(doc, recordBodyNode(doc, index, 'post'), undefined, true);

/** A request exactly as it goes on the wire: the fuzzer sends it and prints it as curl. */
export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path with the percent-encoded id and, for a token in the query string, `?access_token=…`. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

const CONTENT_TYPES: Record<ContentTypeKind, string | undefined> = {
  json: 'application/json',
  'json-charset': 'application/json; charset=utf-8',
  'json-charset-tight': 'application/json;charset=UTF-8',
  'json-upper': 'Application/JSON',
  missing: undefined,
  'text-plain': 'text/plain',
  form: 'application/x-www-form-urlencoded',
};

// Not `null`: a target may read it as no body at all (empty-body-create / -update), which this kind does not judge.
const NOT_AN_OBJECT = ['5', '"text"', 'true'];
const DEEP_LEVELS = 80;

/** The body bytes for a raw kind: the JSON as built, or a hostile change of it. */
export function rawBody(json: unknown, raw: RawBodyKind, variant: number): Buffer | undefined {
  const text = json === undefined ? undefined : JSON.stringify(json);
  const object = typeof json === 'object' && json !== null && !Array.isArray(json) && text !== undefined && text !== '{}';
  switch (raw) {
    case 'normal':
      return text === undefined ? undefined : Buffer.from(text, 'utf8');
    case 'empty':
      return undefined;
    case 'malformed-json':
      return Buffer.from(text === undefined ? '{' : text.slice(0, -1), 'utf8');
    case 'not-an-object':
      return Buffer.from(NOT_AN_OBJECT[variant % NOT_AN_OBJECT.length]!, 'utf8');
    case 'deep-nesting': {
      const deep = `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;
      return Buffer.from(object ? `{"deep":${deep},${text.slice(1)}` : deep, 'utf8');
    }
    case 'huge-number':
      return Buffer.from(object ? `{"big":1e400,${text.slice(1)}` : '1e400', 'utf8');
    case 'invalid-utf8':
      return Buffer.concat([Buffer.from('{"bad":"', 'utf8'), Buffer.from([0xff, 0xfe]), Buffer.from(object ? `",${text.slice(1)}` : '"}', 'utf8')]);
  }
}

export function requestHeaders(contentType: ContentTypeKind, auth: AuthMaterial): Record<string, string> {
  const headers: Record<string, string> = {};
  const type = CONTENT_TYPES[contentType];
  if (type !== undefined) headers['content-type'] = type;
  if (auth.authorization !== undefined) headers['authorization'] = auth.authorization;
  return headers;
}

/** A request's body parsed as JSON; undefined when there is none, or it is not JSON. */
export function jsonBodyOf(body: Buffer | string | undefined): unknown {
  const parsed = body === undefined ? undefined : parseJsonText(body.toString());
  return parsed?.ok ? parsed.data : undefined;
}

/** The request as the in-process reference core takes it. */
export function toCoreRequest(request: WireRequest): CoreRequest {
  const path = request.path.split('?', 1)[0]!;
  if (request.body === undefined) return { method: request.method, path, headers: request.headers };
  const { text, notUtf8 } = decodeBody(request.body);
  return { method: request.method, path, headers: request.headers, body: text, bodyNotUtf8: notUtf8 };
}

/** `/catalog/agent/<id>`, the id percent-encoded but "+", which a path segment carries as itself (RFC 3986 pchar): a plus sign there, never a space. */
export function recordPath(basePath: string, id: string | undefined): string {
  return id === undefined ? basePath : `${basePath}/${encodeURIComponent(id).replaceAll('%2B', '+')}`;
}
