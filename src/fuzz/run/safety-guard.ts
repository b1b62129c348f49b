import { INDEX_DEFINITIONS, type IndexName } from '../../server/core/index.js';
import { MARKER_FIELDS } from '../../contract/run-markers.js';
import { jsonBodyOf, type WireRequest } from '../generate/wire-request.js';
import { isObject } from '../../contract/spec/flaw-sites.js';

/** Thrown before a request that could touch records the run did not make: a bug of the fuzzer, never sent. */
export class UnsafeRequestError extends Error {
  constructor(request: WireRequest, why: string) {
    super(`mgmt-kit fuzz refused to send ${request.method} ${request.path}: ${why}`);
    this.name = 'UnsafeRequestError';
  }
}

export interface SafetyPolicy {
  runPrefix: string;
  allowDestructive: boolean;
  /** Indices whose `where` was seen to filter. */
  whereTrusted: ReadonlySet<IndexName>;
  /** Ids the target generated for records the run created with its marker. */
  generatedIds: ReadonlySet<string>;
}

/**
 * The last line of defence on a real deployment, checked before every request: records are written only under ids of this run, and a delete names an id or
 * a `where` on a value of this run (on an index whose where filters) unless --allow-destructive (`restoring` then lets the clean-up create again what it removed).
 */
export function assertSafeRequest(request: WireRequest, policy: SafetyPolicy, restoring = false): void {
  if (request.method === 'GET') return;
  // After a destructive run, records the run deleted but did not make are created again as they were.
  if (restoring && policy.allowDestructive && request.method === 'POST') return;
  const path = request.path.split('?', 1)[0]!;
  const definition = INDEX_DEFINITIONS.find((d) => path === d.basePath || path.startsWith(`${d.basePath}/`));
  if (!definition) throw new UnsafeRequestError(request, 'not an index path');
  const ours = (value: unknown) => typeof value === 'string' && (value.startsWith(policy.runPrefix) || policy.generatedIds.has(value));
  if (path !== definition.basePath) {
    if (!ours(decodeURIComponent(path.slice(definition.basePath.length + 1)))) throw new UnsafeRequestError(request, 'the id is not one of this run');
    return;
  }
  const parsed = jsonBodyOf(request.body);
  const body = isObject(parsed) ? parsed : undefined;
  if (request.method === 'DELETE') {
    if (policy.allowDestructive) return;
    const equals = (body?.['where'] as { equals?: { expr?: unknown } } | undefined)?.equals;
    if (!ours(equals?.expr)) throw new UnsafeRequestError(request, 'a delete on the base path needs a where on a value of this run (or --allow-destructive)');
    if (!policy.whereTrusted.has(definition.name)) throw new UnsafeRequestError(request, 'this index did not show that its where filters');
    return;
  }
  if (body === undefined) return; // a body the target must refuse cannot name a foreign record
  if (body['id'] !== undefined && !ours(body['id'])) throw new UnsafeRequestError(request, 'the body id is not one of this run');
  if (request.method === 'POST' && body['id'] === undefined && !ours(body[MARKER_FIELDS.fuzz]))
    throw new UnsafeRequestError(request, `a create without id needs the run's ${MARKER_FIELDS.fuzz}`);
}
