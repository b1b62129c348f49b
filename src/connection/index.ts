// The connection: how every request of a run reaches a deployment — one session per run (headers, token, connection cap, --rate, time-out, TLS, proxies, throttled answers) that the steps, the fuzzer, capture and the typed client send through.
export type { ConnectionSession } from './open-connection.js';
export type { ConnectionSettings } from './connection-settings.js';
export type { RunCoordinator } from './run-coordinator.js';
