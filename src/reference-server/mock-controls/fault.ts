/**
 * What a fault (the `x-mgmt-kit-status` header, a fault rule's `status`) asks of one request
 * instead of the core's answer. Every place that acts on a fault switches on `kind` and ends in
 * {@link unhandledFault}, so a new kind does not compile until each of them says what it does.
 */
export type Fault =
  /** Answer this status: the spec-shaped answer of the operation, or a gateway's. */
  | { kind: 'status'; status: number }
  /** Cut the connection (node:http destroys the socket, msw answers `HttpResponse.error()`). */
  | { kind: 'drop' }
  /** Never answer: the client's own time-out decides, as behind a gateway that hangs. */
  | { kind: 'timeout' };

/** The faults that are not a status, as they are written: `drop`, `timeout`. */
export type ConnectionFault = Exclude<Fault['kind'], 'status'>;

/** What each {@link ConnectionFault} does; a record, so a new kind must be described here. */
const CONNECTION_FAULT_EFFECTS: Readonly<Record<ConnectionFault, string>> = { drop: 'cut the connection', timeout: 'never answer' };

/** Every {@link ConnectionFault}, for messages and parsing. */
export const CONNECTION_FAULTS = Object.keys(CONNECTION_FAULT_EFFECTS) as readonly ConnectionFault[];

/**
 * A fault as it is written in a header, a rule, the journal and the lists: `503`, `drop` or
 * `timeout`.
 */
export type InjectedStatus = number | ConnectionFault;

/** The end of an exhaustive switch on {@link Fault}: the compiler refuses it while a kind is not handled. */
export function unhandledFault(fault: never): never {
  throw new Error(`unhandled fault ${JSON.stringify(fault)}`);
}

/** Reads `503`, `drop` or `timeout` (a header value or a rule's field); undefined when it is none of them. */
export function readFault(value: unknown): Fault | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? { kind: 'status', status: value } : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  const connection = CONNECTION_FAULTS.find((kind) => kind === text);
  if (connection !== undefined) return { kind: connection };
  return /^\d{3}$/.test(text) ? { kind: 'status', status: Number(text) } : undefined;
}

/** How a fault is written (see {@link InjectedStatus}). */
export function spellFault(fault: Fault): InjectedStatus {
  switch (fault.kind) {
    case 'status':
      return fault.status;
    case 'drop':
    case 'timeout':
      return fault.kind;
    default:
      return unhandledFault(fault);
  }
}

/**
 * The request headers that inject a fault when the server runs with `--admin` (the msw
 * handlers with `admin: true`). Named once: the fault reader, the CORS preflight and the docs use them.
 */

/** `x-mgmt-kit-status: 500` answers that documented status with the envelope instead of acting. */
export const FAULT_STATUS_HEADER = 'x-mgmt-kit-status';

/** `x-mgmt-kit-delay: 2s` delays this one answer (it replaces `--delay` for it). */
export const FAULT_DELAY_HEADER = 'x-mgmt-kit-delay';

/** The message of an injected answer: says where it came from (the header, or `rule f1`), so nobody mistakes it for a real outcome. */
export function injectedMessage(status: number, source: string = FAULT_STATUS_HEADER): string {
  return `Answer ${status} injected by ${source}; the request was not acted on`;
}
