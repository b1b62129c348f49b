import type { CoreRequest } from '../../src/server/core/core-types.js';
import type { IndexName } from '../../src/server/core/index-definitions.js';

// Small tools the self-check's server variants use to bend one rule of the reference core.

/** A JSON object. */
export type Json = Record<string, unknown>;

/** The request body parsed as JSON, or undefined. */
export function parseBody(request: CoreRequest): unknown {
  try {
    return request.body ? (JSON.parse(request.body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** True for a plain JSON object. */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rewrites a JSON object body (or each object of a batch) before the core sees it. */
export function rewriteBody(request: CoreRequest, rewrite: (body: Json) => Json): CoreRequest {
  const body = parseBody(request);
  if (Array.isArray(body)) return { ...request, body: JSON.stringify(body.map((item) => (isObject(item) ? rewrite(item) : item))) };
  if (!isObject(body)) return request;
  return { ...request, body: JSON.stringify(rewrite(body)) };
}

/** A one-item success envelope (§4.1). */
export function envelope(status: string, code: number, message: string): Json[] {
  return [{ status, code, error: false, message }];
}

/** True for /event, /type/network-link, /catalog/agent (no id in the path). */
export const isBasePath = (path: string) => ['/event', '/type/network-link', '/catalog/agent'].includes(path);
/** The record id of a `{base}/{id}` path, or undefined on a base path. */
export const idInPath = (path: string) => (isBasePath(path) ? undefined : decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));

const CORE_INDICES: Array<[string, IndexName]> = [
  ['/event', 'event'],
  ['/type/network-link', 'network-link-type'],
  ['/catalog/agent', 'agent'],
];

/** The core's name of the index a path belongs to (its store key), or undefined outside the three. */
export const coreIndexOf = (path: string): IndexName | undefined => CORE_INDICES.find(([base]) => path === base || path.startsWith(`${base}/`))?.[1];

/** The id a create or update names: the path's, else the body's (undefined for a batch). */
export function targetId(request: CoreRequest): string | undefined {
  const body = parseBody(request);
  return idInPath(request.path) ?? (isObject(body) && typeof body['id'] === 'string' ? body['id'] : undefined);
}
