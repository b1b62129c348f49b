import type { OperationId } from '../../client/index.js';

/**
 * The attachment media type under which the World logs the calls of one step or hook: a JSON array
 * of {@link CallLogEntry}, in the order the answers came (read by the summary). One attachment per
 * step, not per call: a run makes thousands of calls, and every attachment is a message that the
 * worker sends and each of cucumber's formatters writes (issue 36: time to a verdict at a distance).
 */
export const CALL_MEDIA_TYPE = 'application/vnd.mgmt-kit.call+json';

/** One call of the log: the operation, the status, and whether it was housekeeping (cleanup, snapshot, restore, the look at the records in sight around an action). */
export interface CallLogEntry {
  operation: OperationId;
  status: number;
  housekeeping?: boolean;
}
