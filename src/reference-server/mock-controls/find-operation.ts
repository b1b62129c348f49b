import { listOperations, type OperationEntry } from '../../spec/openapi-document.js';
import { operationIdFor } from '../core/index-definitions.js';
import { matchRoute } from '../core/route.js';

const operations = new Map(listOperations().map((op) => [op.operationId, op]));

/**
 * The spec operation a request addresses (its operationId and documented statuses), or
 * undefined for a path or method outside the spec's operations.
 *
 * @example findOperation('POST', '/event/e1')?.statuses // → [201, 204, 400, 401, 406, 413, 415, 422, 500]
 */
export function findOperation(method: string, path: string): OperationEntry | undefined {
  const route = matchRoute(method, path);
  if (route.kind !== 'operation') return undefined;
  return operations.get(operationIdFor(route.index.name, route.method, route.id !== undefined));
}
