import type { OperationId } from '../../client/index.js';

/** The attachment media type under which the World logs every call (read by the summary). */
export const CALL_MEDIA_TYPE = 'application/vnd.mgmt-kit.call+json';

/** What the World attaches for each call: the operation, the status, and whether it was housekeeping (cleanup, snapshot, restore, the look at the records in sight around an action). */
export interface CallLogEntry {
  operation: OperationId;
  status: number;
  housekeeping?: boolean;
}
