import type { CoreRequest, CoreResponse } from '../core/core-types.js';
import type { ReferenceCore } from '../core/reference-core.js';
import { answerAdminRequest } from './answer-admin-request.js';
import { pickDelay, toDelayRange, wait, type DelaySetting } from './delay-range.js';
import { readFaultHeaders, type FaultRequest } from './read-fault-headers.js';

/** Options of {@link withMockControls}; everything is off unless given. */
export interface MockControlOptions {
  /** Admin routes under /__admin and the fault headers (`--admin`). */
  admin?: boolean | undefined;
  /** Wait before every answer of the core: `'300ms'`, `'100-800ms'`, a number of ms (`--delay`). */
  delay?: DelaySetting | undefined;
  /** Source of randomness for a delay range, [0, 1); default Math.random (tests fix it). */
  random?: (() => number) | undefined;
  /** How to wait; default a timer (tests record the waits instead). */
  wait?: ((ms: number) => Promise<void>) | undefined;
}

/** What adapters call instead of `core.handle`: the same plain request in, plain response out. */
export type CoreHandler = (request: CoreRequest) => Promise<CoreResponse>;

/**
 * The mock controls for frontend work, between an adapter and the core (node:http and msw both
 * use it): with `admin`, the /__admin routes (answered at once) and the fault headers
 * (`x-mgmt-kit-status` answers instead of the core, `x-mgmt-kit-delay` replaces the delay of
 * this answer; a bad value is a 400 envelope); then the delay; then the core. Without `admin`
 * the headers are ignored and /__admin is an unknown path (404) like any other.
 *
 * @example
 * const handle = withMockControls(createReferenceCore(), { admin: true, delay: '100-800ms' });
 * await handle({ method: 'POST', path: '/__admin/reset', headers: {} }); // → 200, the store is back to its start
 */
export function withMockControls(core: ReferenceCore, options: MockControlOptions = {}): CoreHandler {
  const range = options.delay === undefined ? undefined : toDelayRange(options.delay);
  const sleep = options.wait ?? wait;
  return async (request) => {
    const admin = options.admin ? answerAdminRequest(request, core) : undefined;
    if (admin) return admin;
    const fault: FaultRequest | { error: CoreResponse } = options.admin ? readFaultHeaders(request) : {};
    const delayMs = ('delayMs' in fault ? fault.delayMs : undefined) ?? (range ? pickDelay(range, options.random) : 0);
    if (delayMs > 0) await sleep(delayMs);
    if ('error' in fault) return fault.error;
    return fault.answer ?? core.handle(request);
  };
}
