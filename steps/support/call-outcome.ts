import type { OperationId } from '../../src/client/index.js';

/** One HTTP exchange as the steps see it, whichever way it was sent (typed client or raw). */
export interface CallOutcome {
  operation: OperationId;
  status: number;
  /** Parsed JSON body; undefined when there was none (204, 304, a dropped 205) or it was not JSON. */
  data: unknown;
  /** The body as received, "" when none. */
  rawBody: string;
  /** Response headers, lower-case names. */
  headers: Record<string, string>;
}
