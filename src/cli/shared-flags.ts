import type { FlagDeclarations, FlagValues } from './command/flag-declaration.js';

/**
 * How a command reaches a deployment: where it is, how it authenticates, what every request
 * carries, which certificates it uses, and how fast and how long requests may take. Spread into
 * conformance, fuzz and capture, so a flag added here is a flag of all of them; read in one place
 * (readConnection in cli/with-target.ts, src/connection/read-connection-flags.ts).
 */
export const CONNECTION_FLAGS = {
  'base-url': { type: 'url', env: 'BASE_URL', description: 'the deployment (required)' },
  token: { type: 'string', env: 'TOKEN', valueName: 'T', defaultNote: 'minted from --jwt-secret', description: 'JWT sent as Authorization on every call' },
  'token-command': {
    type: 'string',
    env: 'TOKEN_COMMAND',
    valueName: 'CMD',
    notEmpty: true,
    description: "shell command printing a token (e.g. curl … | jq -r .access_token): run at start, again near the token's exp and after a 401 to it",
  },
  'jwt-secret': {
    type: 'string',
    env: 'JWT_SECRET',
    valueName: 'S',
    notEmpty: true,
    description: 'HS256 secret the target verifies with: mints the token when --token is absent and signs the expired and wrong-key tokens the checks send',
  },
  'jwt-claims': { type: 'string', env: 'JWT_CLAIMS', valueName: 'JSON', description: 'JSON object of extra claims in minted tokens, e.g. {"iss":"idp"}' },
  'auth-scheme': { type: 'string', env: 'AUTH_SCHEME', valueName: 'S', default: 'Bearer', description: 'word before the token ("" for none)' },
  header: {
    type: 'string',
    repeatable: true,
    env: 'EXTRA_HEADERS',
    valueName: "'NAME: VALUE'",
    description: 'header added to every request (an API gateway key, a tenant); values are never printed',
  },
  'client-cert': { type: 'string', valueName: 'FILE', description: 'PEM client certificate for mutual TLS (with --client-key)' },
  'client-key': { type: 'string', valueName: 'FILE', description: 'PEM private key of --client-cert' },
  ca: { type: 'string', valueName: 'FILE', description: 'PEM CA certificate(s) trusted besides the public CAs and NODE_EXTRA_CA_CERTS' },
  rate: { type: 'integer', min: 1, max: 10_000, defaultNote: 'no cap', description: 'at most N requests per second, across all workers' },
  timeout: { type: 'duration', defaultNote: '15s, fuzz: 10s', description: 'per request, from sending to the end of the answer (500ms, 15s, 1m)' },
  'retry-throttled': {
    type: 'integer',
    min: 0,
    max: 20,
    default: 0,
    description: 'a call answered 429 (or 503 with Retry-After) waits that long and is sent again, up to N times; 0 reports "the target throttled the run"',
  },
} as const satisfies FlagDeclarations;

/** The connection flags, plus `--self-test`: the flags of a command that may run against a fresh reference server. */
export const TARGET_FLAGS = {
  ...CONNECTION_FLAGS,
  'base-url': { ...CONNECTION_FLAGS['base-url'], description: 'the deployment; required unless --self-test' },
  'self-test': { type: 'boolean', description: 'start the reference server on a free port with a fresh secret and run against it, with --allow-destructive' },
} as const satisfies FlagDeclarations;

/** The values of {@link CONNECTION_FLAGS}. */
export type ConnectionFlags = FlagValues<typeof CONNECTION_FLAGS>;

/** The values of {@link TARGET_FLAGS}. */
export type TargetFlags = FlagValues<typeof TARGET_FLAGS>;

/** `--report-dir DIR` (default `reports`), naming what goes there. */
export function reportDirFlag(what: string) {
  return { type: 'string', valueName: 'DIR', default: 'reports', description: `where ${what} go` } as const;
}

/** `--min-coverage P`: of conformance, fuzz and coverage alike (src/coverage/response-coverage.ts). */
export const MIN_COVERAGE_FLAGS = {
  'min-coverage': {
    type: 'integer',
    min: 0,
    max: 100,
    env: 'MIN_COVERAGE',
    valueName: 'P',
    description: 'exit 1, listing the pairs never seen, when fewer than P% of the documented (operation, status) responses were answered',
  },
} as const satisfies FlagDeclarations;
