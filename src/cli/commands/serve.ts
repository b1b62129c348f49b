import { DEFAULT_BODY_LIMIT } from '../../reference-server/core/index.js';
import { DEFAULT_JOURNAL_SIZE } from '../../reference-server/mock-controls/index.js';
import { declareCommand } from '../command/declare-command.js';
import type { FlagDeclarations, FlagValues } from '../command/flag-declaration.js';

/** The flags of `mgmt-kit serve`, as serve/run-serve.ts receives them read. */
export const SERVE_FLAGS = {
  port: { type: 'integer', env: 'PORT', min: 0, max: 65535, default: 8080, description: 'TCP port; 0 picks a free one' },
  // Not HOST: some shells (tcsh) export the machine's name as HOST, which would listen beyond loopback.
  host: {
    type: 'string',
    env: 'MGMT_KIT_HOST',
    valueName: 'HOST',
    default: '127.0.0.1',
    description: 'interface to listen on (the container image sets 0.0.0.0)',
  },
  'jwt-secret': {
    type: 'string',
    env: 'JWT_SECRET',
    valueName: 'S',
    // WebCrypto refuses a zero-length HMAC key: refused here rather than after listening.
    notEmpty: true,
    defaultNote: 'random, printed token',
    description: 'HS256 secret for Bearer tokens; must not be empty (an empty JWT_SECRET counts as unset)',
  },
  'no-auth': { type: 'boolean', description: 'accept requests without a token (local mock use)' },
  seed: { type: 'string', valueName: 'FILE', description: 'JSON file {"event":[…],"network-link-type":[…],"agent":[…]} loaded at start' },
  data: {
    type: 'string',
    valueName: 'FILE',
    description:
      'keep the state in this JSON file (the --seed shape): loaded at start, created from the preload and --seed when absent, every change written back (reset goes back to preload and --seed)',
  },
  empty: { type: 'boolean', description: 'start without the preloaded link types p2p and slice' },
  'body-limit': { type: 'integer', valueName: 'BYTES', min: 0, default: DEFAULT_BODY_LIMIT, description: 'largest accepted request body; larger → 413' },
  quiet: { type: 'boolean', description: 'no log line per request' },
  cors: { type: 'boolean', default: true, defaultNote: 'on, any origin', description: 'CORS for browser pages on other origins; --cors=false turns it off' },
  'cors-origin': { type: 'string', repeatable: true, valueName: 'ORIGIN', description: 'allow only this page origin, e.g. http://localhost:5173' },
  admin: {
    type: 'boolean',
    description:
      'mock controls for tests: the page /__admin/, state (/__admin/reset, /__admin/state), the request journal (/__admin/requests), fault rules (/__admin/faults) and the fault headers x-mgmt-kit-status, x-mgmt-kit-delay',
  },
  'journal-size': {
    type: 'integer',
    valueName: 'N',
    min: 0,
    max: 1_000_000,
    default: DEFAULT_JOURNAL_SIZE,
    needs: 'admin',
    description: 'with --admin: how many answered requests /__admin/requests keeps, the oldest dropped first (0 keeps none)',
  },
  delay: { type: 'string', valueName: 'TIME', description: 'wait before every answer: 300ms, 2s, or a range 100-800ms' },
  watch: { type: 'boolean', description: 'reload the --seed file when it changes (the state goes back to its records)' },
} as const satisfies FlagDeclarations;

export type ServeFlags = FlagValues<typeof SERVE_FLAGS>;

/**
 * `mgmt-kit serve` / `npm start`: the reference server on node:http (serve/run-serve.ts).
 * Bad flags (an empty --jwt-secret included), an invalid seed file or a data file that is not a
 * valid state exit 2; an empty JWT_SECRET counts as unset, so a random secret is generated.
 */
export const serveCommand = declareCommand({
  name: 'serve',
  npmScript: 'npm start',
  summary: 'run the reference in-memory server',
  about: `Runs the reference in-memory management service: /event, /type/network-link, /catalog/agent,
plus /openapi.yaml, /openapi.json, /openapi.portable.json (no recursive schema, for Portman) and
Swagger UI at /docs (no token needed for those).`,
  flags: SERVE_FLAGS,
  async run(flags, io) {
    const { runServe } = await import('../serve/run-serve.js');
    return runServe(flags, io);
  },
});
