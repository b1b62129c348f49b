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

function replaceState(request: CoreRequest, core: ReferenceCore): CoreResponse {
  const body = parseJsonBody(request);
  if (!('present' in body)) return body; // 415 or 400, as for the index operations
  if (!body.present) return badRequest(STATE_BODY_MISSING);
  const problems = core.replaceState(body.value);
  // Every problem names its record (`event[1]: {"kind":"required"}`); the store is unchanged.
  if (problems.length > 0) return badRequest(`the state is not valid: ${problems.join('; ')}`);
  return ok(200, stateReplaced(Object.values(core.state()).reduce((sum, list) => sum + list.length, 0)));
}

function addRule(request: CoreRequest, faults: FaultRules): CoreResponse {
  const body = parseJsonBody(request);
  if (!('present' in body)) return body; // 415 or 400, as for the index operations
  if (!body.present) return badRequest(FAULT_RULE_MISSING);
  const added = faults.add(body.value);
  if (!added.ok) return badRequest(`the fault rule is not valid: ${added.error}`);
  return ok(201, faultRuleAdded(added.rule.id), { id: added.rule.id });
}

/** The first value of each query parameter, as the index operations read `q`. */
function readQuery(query: string | undefined): Record<string, string> {
  const filter: Record<string, string> = {};
  new URLSearchParams(query ?? '').forEach((value, name) => {
    if (!(name in filter)) filter[name] = value;
  });
  return filter;
}

/** One admin route: its methods in the order `Allow` lists them, each answering a request. */
type AdminRoute = Readonly<Record<string, (request: CoreRequest) => CoreResponse>>;

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
  const path = request.path.slice(ADMIN_PREFIX.length);
  const faultId = controls && path.startsWith('/faults/') ? path.slice('/faults/'.length) : undefined; // ids are f1, f2, …: nothing to decode
  let route: AdminRoute | undefined;
  if (path === '/reset') {
    route = {
      POST: () => {
        core.reset();
        controls?.faults.clear();
        controls?.journal.clear();
        return ok(200, STATE_RESET);
      },
    };
  } else if (path === '/state') route = { GET: () => jsonResponse(200, core.state()), PUT: (r) => replaceState(r, core) };
  else if (controls && path === '/requests') {
    const { journal } = controls;
    route = {
      // `GET /__admin/requests?method=&path=&pathPattern=&status=&since=&limit=`
      GET: (r) => {
        const listed = journal.list(readQuery(r.query));
        return listed.ok ? jsonResponse(200, listed.entries) : badRequest(listed.error);
      },
      DELETE: () => {
        const entries = journal.size;
        journal.clear();
        return ok(200, journalCleared(entries));
      },
    };
  } else if (controls && path === '/faults') {
    const { faults } = controls;
    route = { GET: () => jsonResponse(200, faults.list()), POST: (r) => addRule(r, faults), DELETE: () => ok(200, faultRulesRemoved(faults.clear())) };
  } else if (controls && faultId !== undefined) {
    route = { DELETE: () => (controls.faults.remove(faultId) ? ok(200, faultRulesRemoved(1)) : errorResponse(404, faultRuleNotFound(faultId))) };
  }
  if (route === undefined) return errorResponse(404, UNKNOWN_ADMIN_PATH);
  const method = request.method.toUpperCase();
  if (Object.hasOwn(route, method)) return route[method]!(request);
  const allow = Object.keys(route).join(', ');
  return errorResponse(405, adminMethodNotAllowed(allow), { allow });
}

/** The journal and fault rules the admin routes drive (the server makes both with `--admin`). */
export interface MockControlState {
  journal: RequestJournal;
  faults: FaultRules;
}

const ok = (status: number, message: string, extra: Record<string, unknown> = {}) => jsonResponse(status, [{ ...envelopeItem(status, message), ...extra }]);
const badRequest = (reason: string) => errorResponse(400, requestNotValid(reason));
