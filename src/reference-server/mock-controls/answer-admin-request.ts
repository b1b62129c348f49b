import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { envelopeItem, errorResponse, jsonResponse } from '../core/envelope.js';
import { requestNotValid } from '../core/messages.js';
import { parseJsonBody } from '../core/parse-json-body.js';
import type { ReferenceCore } from '../core/reference-core.js';
import { ADMIN_PREFIX, isAdminPath } from './admin-path.js';
import { answerFaultsRoute, answerJournalRoute, type MockControlState } from './answer-controls-routes.js';
import { STATE_BODY_MISSING, STATE_RESET, UNKNOWN_ADMIN_PATH, adminMethodNotAllowed, stateReplaced } from './admin-messages.js';

export { ADMIN_PREFIX, isAdminPath };

function notAllowed(allow: string): CoreResponse {
  return errorResponse(405, adminMethodNotAllowed(allow), { allow });
}

function replaceState(request: CoreRequest, core: ReferenceCore): CoreResponse {
  const body = parseJsonBody(request);
  if (!('present' in body)) return body; // 415 or 400, as for the index operations
  if (!body.present) return errorResponse(400, requestNotValid(STATE_BODY_MISSING));
  const problems = core.replaceState(body.value);
  // Every problem names its record (`event[1]: {"kind":"required"}`); the store is unchanged.
  if (problems.length > 0) return errorResponse(400, requestNotValid(`the state is not valid: ${problems.join('; ')}`));
  const records = Object.values(core.state()).reduce((sum, list) => sum + list.length, 0);
  return jsonResponse(200, [envelopeItem(200, stateReplaced(records))]);
}

/**
 * The admin routes for end-to-end tests (`--admin` only; no token needed, like /docs):
 * `POST /__admin/reset` (back to preload + seed), `GET /__admin/state` (every index, in the seed
 * file shape), `PUT /__admin/state` (replace every record, checked as a seed is: a bad record is
 * a 400 naming it and nothing changes); with `controls`, the request journal
 * (`GET|DELETE /__admin/requests`) and the fault rules (`GET|POST|DELETE /__admin/faults`,
 * `DELETE /__admin/faults/{id}`), which a reset clears too. Bad input is a 4xx envelope (400, 404, 405, 415), never
 * a 500. Resolves to undefined for a path outside /__admin.
 */
export function answerAdminRequest(request: CoreRequest, core: ReferenceCore, controls?: MockControlState): CoreResponse | undefined {
  if (!isAdminPath(request.path)) return undefined;
  const method = request.method.toUpperCase();
  if (request.path === `${ADMIN_PREFIX}/reset`) {
    if (method !== 'POST') return notAllowed('POST');
    core.reset();
    controls?.faults.clear();
    controls?.journal.clear();
    return jsonResponse(200, [envelopeItem(200, STATE_RESET)]);
  }
  if (request.path === `${ADMIN_PREFIX}/state`) {
    if (method === 'GET') return jsonResponse(200, core.state());
    if (method === 'PUT') return replaceState(request, core);
    return notAllowed('GET, PUT');
  }
  if (controls && request.path === `${ADMIN_PREFIX}/requests`) return answerJournalRoute(request, controls.journal, notAllowed);
  return (controls && answerFaultsRoute(request, controls.faults, notAllowed)) ?? errorResponse(404, UNKNOWN_ADMIN_PATH);
}
