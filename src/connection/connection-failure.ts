/**
 * What a failure points at, so the pre-flight names it and a step or the fuzzer tells an answer from none: `url`
 * (refused, unknown host, reset before any answer), `tls`, `proxy` (unreachable, or refused the tunnel), `token`
 * (`--token-command`), `timeout`, `cut-short` (the run's phase ended first: nothing about the target), `throttled`
 * (429, or 503 with Retry-After, and no retry left), `stopped` (not sent: the target stopped answering earlier).
 */
export type FailureKind = 'url' | 'tls' | 'proxy' | 'token' | 'timeout' | 'cut-short' | 'throttled' | 'stopped';

export class ConnectionFailure extends Error {
  override name = 'ConnectionFailure';
  /** Marks instances across copies of this module (a worker's bundle has its own). */
  readonly connectionFailure = true;
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly code?: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The connection failure in an error's cause chain (an axios or client error wraps it), if any. */
export function findConnectionFailure(error: unknown): ConnectionFailure | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ((current as Partial<ConnectionFailure>).connectionFailure === true) return current as ConnectionFailure;
  }
  return undefined;
}
