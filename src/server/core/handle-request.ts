import type { CoreContext, CoreRequest, CoreResponse } from './core-types.js';
import { errorResponse } from './envelope.js';
import { AUTHENTICATION_FAILED } from './messages.js';
import { parseJsonBody } from './parse-json-body.js';
import { takeQueryInput } from './query/take-query-input.js';
import { deleteRecords, readRecords } from './query-records.js';
import { matchRoute } from './route.js';
import { answerUnrouted } from './unrouted-requests.js';
import { createRecords, updateRecords } from './write-records.js';

const operations = { GET: readRecords, POST: createRecords, PUT: updateRecords, DELETE: deleteRecords } as const;

/**
 * The reference service as a function from a plain request to a plain response. Checks run in
 * a fixed order: route (404 unknown path, 405 + Allow) → authentication (401, §5) → media
 * type (415) → JSON (400) → the `q` parameter of read and delete (400) → the query (400) or the
 * records (406) → the operation. Every documented outcome is a
 * returned response; nothing here throws for bad input.
 *
 * @example
 * await handleRequest({ method: 'GET', path: '/type/network-link', headers: {} }, context)
 * // → { status: 200, headers: { 'content-type': 'application/json' }, body: [{ id: 'p2p', … }, …] }
 */
export async function handleRequest(request: CoreRequest, context: CoreContext): Promise<CoreResponse> {
  const route = matchRoute(request.method, request.path);
  if (route.kind !== 'operation') return answerUnrouted(route);
  if (context.authenticate && !(await context.authenticate(request.headers['authorization']))) {
    return errorResponse(401, AUTHENTICATION_FAILED);
  }
  const parsed = parseJsonBody(request);
  if (!('present' in parsed)) return parsed;
  // Read and delete may carry their query as ?q= instead (extension, x-decisions query-parameter).
  const body = route.method === 'GET' || route.method === 'DELETE' ? takeQueryInput(parsed, request.query) : parsed;
  if (!('present' in body)) return body;
  return operations[route.method](route.index, route.id, body, context);
}
