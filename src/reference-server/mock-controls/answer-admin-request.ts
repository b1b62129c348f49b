import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import { envelopeItem, errorResponse, jsonResponse } from '../core/envelope.js';
import { requestNotValid } from '../core/messages.js';
import { parseJsonBody } from '../core/parse-json-body.js';
import type { ReferenceCore } from '../core/reference-core.js';
import {
  ADMIN_PREFIX,
  isAdminPath,
  STATE_BODY_MISSING,
  STATE_RESET,
  UNKNOWN_ADMIN_PATH,
  adminMethodNotAllowed,
  stateReplaced,
  FAULT_RULE_MISSING,
  faultRuleAdded,
  faultRuleNotFound,
  faultRulesRemoved,
  journalCleared,
} from './admin-messages.js';
import type { FaultRules } from './fault-rules.js';
import type { RequestJournal } from './request-journal.js';

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

/** The journal and fault rules the admin routes drive (the server makes both with `--admin`). */
export interface MockControlState {
  journal: RequestJournal;
  faults: FaultRules;
}

const ok = (status: number, message: string, extra: Record<string, unknown> = {}) => jsonResponse(status, [{ ...envelopeItem(status, message), ...extra }]);
const badRequest = (reason: string) => errorResponse(400, requestNotValid(reason));

function readQuery(query: string | undefined): Record<string, string> {
  const filter: Record<string, string> = {};
  // The first value of a repeated parameter, as the index operations read `q`.
  new URLSearchParams(query ?? '').forEach((value, name) => {
    if (!(name in filter)) filter[name] = value;
  });
  return filter;
}

/** `GET /__admin/requests?method=&path=&pathPattern=&status=&since=&limit=` and `DELETE /__admin/requests`. */
function answerJournalRoute(request: CoreRequest, journal: RequestJournal, notAllowed: (allow: string) => CoreResponse): CoreResponse {
  const method = request.method.toUpperCase();
  if (method === 'GET') {
    const listed = journal.list(readQuery(request.query));
    return listed.ok ? jsonResponse(200, listed.entries) : badRequest(listed.error);
  }
  if (method === 'DELETE') {
    const entries = journal.size;
    journal.clear();
    return ok(200, journalCleared(entries));
  }
  return notAllowed('GET, DELETE');
}

function addRule(request: CoreRequest, faults: FaultRules): CoreResponse {
  const body = parseJsonBody(request);
  if (!('present' in body)) return body; // 415 or 400, as for the index operations
  if (!body.present) return badRequest(FAULT_RULE_MISSING);
  const added = faults.add(body.value);
  if (!added.ok) return badRequest(`the fault rule is not valid: ${added.error}`);
  return ok(201, faultRuleAdded(added.rule.id), { id: added.rule.id });
}

/**
 * `GET|POST|DELETE /__admin/faults` and `DELETE /__admin/faults/{id}`; undefined for another
 * path. A rule that does not read is a 400 naming the problem, and no rule is added.
 */
function answerFaultsRoute(request: CoreRequest, faults: FaultRules, notAllowed: (allow: string) => CoreResponse): CoreResponse | undefined {
  const method = request.method.toUpperCase();
  const base = `${ADMIN_PREFIX}/faults`;
  if (request.path === base) {
    if (method === 'GET') return jsonResponse(200, faults.list());
    if (method === 'POST') return addRule(request, faults);
    if (method === 'DELETE') return ok(200, faultRulesRemoved(faults.clear()));
    return notAllowed('GET, POST, DELETE');
  }
  if (!request.path.startsWith(`${base}/`)) return undefined;
  if (method !== 'DELETE') return notAllowed('DELETE');
  const id = request.path.slice(base.length + 1); // ids are f1, f2, …: nothing to decode
  return faults.remove(id) ? ok(200, faultRulesRemoved(1)) : errorResponse(404, faultRuleNotFound(id));
}
