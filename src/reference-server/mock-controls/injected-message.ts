import { FAULT_STATUS_HEADER } from './fault-header-names.js';

/** The message of an injected answer: says where it came from (the header, or `rule f1`), so nobody mistakes it for a real outcome. */
export function injectedMessage(status: number, source: string = FAULT_STATUS_HEADER): string {
  return `Answer ${status} injected by ${source}; the request was not acted on`;
}
