import type { CoreRequest } from '../core/core-types.js';
import type { ReferenceCore } from '../core/reference-core.js';
import { answerAdminRequest } from './answer-admin-request.js';
import { createWaitSet, pickDelay, toDelayRange, type DelaySetting } from './delay-range.js';
import {
  FAULT_DELAY_HEADER,
  FAULT_STATUS_HEADER,
  findOperation,
  injectedAnswer,
  readFaultHeaders,
  unhandledFault,
  type Fault,
  type MockResponse,
} from './fault.js';
import type { FaultRules } from './fault-rules.js';
import type { RequestJournal } from './request-journal.js';

/** Options of {@link withMockControls}; everything is off unless given. */
export interface MockControlOptions {
  /** Admin routes under /__admin and the fault headers (`--admin`). */
  admin?: boolean | undefined;
  /** Wait before every answer of the core: `'300ms'`, `'100-800ms'`, a number of ms (`--delay`). */
  delay?: DelaySetting | undefined;
  /** Source of randomness for a delay range, [0, 1); default Math.random (tests fix it). */
  random?: (() => number) | undefined;
  /** How to wait; default a plain timer (tests record the waits instead). */
  wait?: ((ms: number) => Promise<void>) | undefined;
  /** Where answered API requests are journalled (`GET /__admin/requests` with `admin`). */
  journal?: RequestJournal | undefined;
  /** Fault rules consulted for every API request (`/__admin/faults` with `admin`). */
  faults?: FaultRules | undefined;
}

/**
 * What adapters call instead of `core.handle`: the same plain request in, a plain response out
 * (an injected `drop` carries its fault: the adapter cuts the connection; an injected `timeout` never resolves).
 */
export type CoreHandler = (request: CoreRequest) => Promise<MockResponse>;

/** A fault the headers ask for (or the 400 of a bad header); else the first matching rule's; else none. With what injected it. */
function findFault(
  request: CoreRequest,
  options: MockControlOptions,
): { error?: MockResponse; fault?: Fault | undefined; delayMs?: number | undefined; injectedBy?: string } {
  const headers = options.admin ? readFaultHeaders(request) : {};
  if ('error' in headers) return headers;
  if (headers.fault) return { ...headers, injectedBy: FAULT_STATUS_HEADER };
  if (headers.delayMs !== undefined) return { ...headers, injectedBy: FAULT_DELAY_HEADER };
  const rule = options.faults?.fire(request, options.random);
  return rule ? { fault: rule.fault, delayMs: rule.delayMs, injectedBy: `rule ${rule.id}` } : {};
}

/**
 * The mock controls for frontend work, between an adapter and the core (node:http and msw both
 * use it): with `admin`, the /__admin routes (answered at once, never journalled, never
 * faulted) and the fault headers (`x-mgmt-kit-status` answers instead of the core,
 * `x-mgmt-kit-delay` replaces the delay of this answer; a bad value is a 400 envelope); for a
 * request without fault headers, the first matching fault rule; then the delay; then the core.
 * Every API answer goes to the journal. Without `admin` the headers are ignored and /__admin is
 * an unknown path (404) like any other.
 *
 * @example
 * const handle = withMockControls(createReferenceCore(), { admin: true, delay: '100-800ms' });
 * await handle({ method: 'POST', path: '/__admin/reset', headers: {} }); // → 200, the store is back to its start
 */
export function withMockControls(core: ReferenceCore, options: MockControlOptions = {}): CoreHandler {
  const range = options.delay === undefined ? undefined : toDelayRange(options.delay);
  const sleep = options.wait ?? createWaitSet().wait;
  const { journal, faults } = options;
  const controls = journal && faults ? { journal, faults } : undefined;
  return async (request) => {
    const admin = options.admin ? answerAdminRequest(request, core, controls) : undefined;
    if (admin) return admin;
    const started = { time: new Date(), ms: performance.now() };
    const { error, fault, delayMs = range ? pickDelay(range, options.random) : 0, injectedBy } = findFault(request, options);
    if (delayMs > 0) await sleep(delayMs);
    const response = error ?? (await answer(fault));
    journal?.record(request, { response, injectedBy }, started);
    return response;

    async function answer(injected: Fault | undefined): Promise<MockResponse> {
      if (injected === undefined) return core.handle(request);
      switch (injected.kind) {
        case 'status':
        case 'drop':
          return injectedAnswer(injected, findOperation(request.method, request.path), injectedBy ?? FAULT_STATUS_HEADER);
        case 'timeout':
          journal?.record(request, { timeout: true, injectedBy }, started);
          return new Promise<never>(() => undefined); // no answer, ever: the client's own time-out decides
        default:
          return unhandledFault(injected);
      }
    }
  };
}
